import type { Contract } from '../../../shared/contract';
import type { Handlers } from '../router';
import type { People } from '../services/people/people-service';
import { personTranscripts } from '../services/people/person-transcripts';
import { renameInTranscripts } from '../services/people/rename-in-transcripts';
import type { TranscriptEditor } from '../services/transcript-editor/editor-service';

export function peopleHandlers(deps: { people: People; editor: TranscriptEditor }): Handlers<Contract>['people'] {
  const { people } = deps;
  return {
    list: async () => people.list(),
    add: async (input) => people.add(input),
    async edit({ id, pastTranscripts, only, ...input }) {
      const person = await people.edit(id, input);
      const transcripts = pastTranscripts ? undefined : only === undefined ? [] : [only];
      return { person, transcripts: renameInTranscripts(deps.editor, people, id, transcripts) };
    },
    uses: async ({ id }) => ({ transcripts: people.transcriptsOf(id).length }),
    transcripts: async ({ id }) => personTranscripts(deps.editor, people, id),
    merge: async ({ from, into }) => people.merge(from, into),
    undoMerge: async ({ from }) => people.undoMerge(from),
    watch: async (_input, ctx) => people.watch(ctx.emit, ctx.signal),
  };
}
