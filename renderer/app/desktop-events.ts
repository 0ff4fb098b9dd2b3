import type { DesktopEvent } from '../../shared/contract/desktop';
import type { StageOutcome } from '../../shared/contract/transcription';
import { api } from '../api';
import { watchStream } from '../api/watch';
import { useNavigation } from '../chat';
import { runIntent } from '../common/intents';
import { useHistory } from '../history';
import { addOpenedRecordings, showJob } from '../transcription';

/**
 * Recordings the OS opened with Confab, already staged by main (the page never sees their
 * paths): they join the transcription queue with the options on screen, and refusals (not
 * audio, unreadable) are said here.
 */
export function receiveOpenedRecordings(files: readonly StageOutcome[]): void {
  useNavigation.setState({ view: 'transcription', transcriptId: null });
  addOpenedRecordings(files.flatMap((file) => (file.ok ? [file.file] : [])));
  const refused = files.flatMap((file) => (file.ok ? [] : [file.problem]));
  if (refused.length > 0) useHistory.setState({ toast: { kind: 'problem', title: 'Some files could not be opened', text: refused.join(' ') } });
}

const apply = (event: DesktopEvent) => {
  if (event.type === 'intent') runIntent(event.intent);
  else if (event.type === 'show-job') showJob(event.jobId);
  else receiveOpenedRecordings(event.files);
};

/** Follows main's desktop events for the page's lifetime; returns the stop. */
export const watchDesktop = (): (() => void) => watchStream(api.desktop.watch, apply);
