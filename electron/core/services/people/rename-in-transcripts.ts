import type { TranscriptEditor } from '../transcript-editor/editor-service';
import type { People } from './people-service';

/**
 * A renamed person's new name in the transcripts they speak in, asked for by the user: each
 * transcript's linked speakers renamed as one editor step (so its page, search, exports and
 * Ask read the new name, and Undo in its editor takes it back). Answers how many changed.
 * `only`: just these of them (the transcript being edited, when past ones keep the old name).
 */
export function renameInTranscripts(editor: TranscriptEditor, people: People, personId: string, only?: readonly string[]): number {
  const person = people.resolve(personId);
  if (!person) return 0;
  let changed = 0;
  for (const transcriptId of people.transcriptsOf(person.id).filter((each) => !only || only.includes(each))) {
    const { patch } = editor.change(transcriptId, (document) => {
      const linked = (link: string | undefined) => link !== undefined && people.resolve(link)?.id === person.id;
      if (!document.speakers.some((speaker) => linked(speaker.person) && speaker.name !== person.name)) return null;
      return { ranges: [], speakers: document.speakers.map((speaker) => (linked(speaker.person) ? { ...speaker, name: person.name } : speaker)) };
    });
    if (patch.speakers) changed += 1;
  }
  return changed;
}
