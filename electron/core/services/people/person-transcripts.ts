import type { PersonTranscript } from '../../../../shared/contract/people';
import { Problem } from '../../../../shared/domain/problem';
import type { TranscriptEditor } from '../transcript-editor/editor-service';
import { talkTime } from '../transcript-export/talk-time';
import type { People } from './people-service';

/**
 * The transcripts a person speaks in (theirs, and those of anyone merged into them), newest
 * first, each with their talk time read from `talkTime`, the one computation the editor's panel,
 * the result page and the exports read, so the People page says the same figures.
 */
export function personTranscripts(editor: TranscriptEditor, people: People, id: string): PersonTranscript[] {
  const person = people.resolve(id);
  if (!person) throw new Problem('people.gone');
  return people
    .transcriptsOf(person.id)
    .map((transcriptId) => {
      const { record, document } = editor.current(transcriptId);
      const ms = talkTime(document, people.resolve).find((entry) => entry.person === person.id)?.ms ?? 0;
      return { transcriptId, fileName: record.fileName, createdAt: record.createdAt, ms };
    })
    .sort((a, b) => b.createdAt - a.createdAt);
}
