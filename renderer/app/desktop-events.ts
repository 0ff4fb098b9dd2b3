import type { DesktopEvent } from '../../shared/contract/desktop';
import type { StageOutcome } from '../../shared/contract/transcription';
import { api } from '../api';
import { watchStream } from '../api/watch';
import { useNavigation } from '../chat';
import { runIntent } from '../common/intents';
import { useHistory } from '../history';

/**
 * Recordings the OS opened with Confab, already staged by main (the page never sees their
 * paths). INTEGRATION SEAM: with the job queue in main, main enqueues these itself and this
 * only brings the transcription screen forward; refusals (not audio, unreadable) are said here.
 */
export function receiveOpenedRecordings(files: readonly StageOutcome[]): void {
  useNavigation.setState({ view: 'transcription', transcriptId: null });
  const refused = files.flatMap((file) => (file.ok ? [] : [file.problem]));
  if (refused.length > 0) useHistory.setState({ toast: { kind: 'problem', title: 'Some files could not be opened', text: refused.join(' ') } });
}

const apply = (event: DesktopEvent) => {
  if (event.type === 'intent') runIntent(event.intent);
  else receiveOpenedRecordings(event.files);
};

/** Follows main's desktop events for the page's lifetime; returns the stop. */
export const watchDesktop = (): (() => void) => watchStream(api.desktop.watch, apply);
