import type { MainWords } from '../language/language-service';
import type { TranscriptEditor } from '../transcript-editor/editor-service';
import type { Recording, WhoSpokeState } from '../../../../shared/contract/recording';
import { type SideNames, labelledPatch, onePersonPatch } from './label-document';
import { wavLevels } from './wav-levels';

export type { SideNames };

/** The sides' names: the user's own (settings; "Me" until they give it), and the other side's, in main's language. */
export const sideNames = (t: MainWords, userName: string | null): SideNames => ({ mic: userName ?? t('speakers.me'), others: t('speakers.others') });

/**
 * Names who spoke in a transcript of a recording made in Confab: words the microphone track
 * carried are the user's (`names.mic`), words the system track carried the others'
 * (`names.others`), as ordinary editor speakers the user can rename, split, merge or undo.
 * A microphone alone may have heard everyone in the room, so its recording is labelled only as
 * the user said after Stop: `me`, every row theirs (one step, undone as any); otherwise
 * (`several`, or not yet said) its speakers are left for the user to mark. Answers whether it named anyone.
 */
export async function labelTranscript(
  editor: Pick<TranscriptEditor, 'change'>,
  input: { transcriptId: string; micPath: string; systemPath: string | null; whoSpoke: WhoSpokeState | null; names: SideNames },
): Promise<boolean> {
  if (!input.systemPath) {
    if (input.whoSpoke !== 'me') return false;
    return editor.change(input.transcriptId, (document) => onePersonPatch(document, input.names.mic)).patch.ranges.length > 0;
  }
  const [mic, system] = await Promise.all([wavLevels(input.micPath), wavLevels(input.systemPath)]);
  // Levels first, then one synchronous read and change: no edit can come between them.
  const change = editor.change(input.transcriptId, (document, rows) => labelledPatch(document, mic, system, input.names, rows));
  return change.patch.ranges.length > 0;
}

/** The recording service's hook once a recording's transcript is kept, and when the user says who spoke: its tracks, or their word, name who spoke. */
export function labelFromTracks(editor: Pick<TranscriptEditor, 'change'>, names: () => SideNames) {
  return async ({ recording, tracks }: { recording: Pick<Recording, 'whoSpoke'>; tracks: { track: string; path: string }[] }, transcriptId: string): Promise<void> => {
    const pathOf = (track: string) => tracks.find((found) => found.track === track)?.path ?? null;
    const micPath = pathOf('mic');
    if (micPath) await labelTranscript(editor, { transcriptId, micPath, systemPath: pathOf('system'), whoSpoke: recording.whoSpoke, names: names() });
  };
}
