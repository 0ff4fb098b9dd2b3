import type { DesktopEvent } from '../../shared/contract/desktop';
import { api } from '../api';
import { watchStream } from '../api/watch';
import { useNavigation } from '../navigation';
import { runIntent } from '../common/intents';
import { useHistory } from '../history';
import { addOpenedRecordings, showJob } from '../transcription';

type Opened = Extract<DesktopEvent, { type: 'opened' }>;

/**
 * Recordings the OS opened with Confab, already queued by main (the page never sees their
 * paths): the queue is shown, and refusals (not audio, unreadable) are said here.
 */
export function receiveOpenedRecordings({ queued, needsPro, refused }: Opened): void {
  useNavigation.setState({ view: 'transcription', transcriptId: null });
  addOpenedRecordings(queued, needsPro);
  if (refused.length > 0) useHistory.setState({ toast: { kind: 'problem', failed: 'open', problems: refused } });
}

const apply = (event: DesktopEvent) => {
  if (event.type === 'intent') runIntent(event.intent);
  else if (event.type === 'show-job') showJob(event.jobId);
  else receiveOpenedRecordings(event);
};

/** Follows main's desktop events for the page's lifetime; returns the stop. */
export const watchDesktop = (): (() => void) => watchStream(api.desktop.watch, apply);
