// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Job } from '../../../../shared/contract/jobs';
import { startI18n } from '../../../../renderer/i18n';
import { JobStatus } from '../../../../renderer/transcription/JobStatus';

// The time left on a long recording (issue 41): main estimates it when a part is done, so the
// words stood still for a part's ~40 s and then jumped. The page counts down between estimates.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Node has no Intl.DurationFormat (Chromium has): a stand-in that says minutes and seconds.
class Durations {
  format({ minutes = 0, seconds = 0 }: { minutes?: number; seconds?: number }) {
    return [minutes && `${minutes} min`, seconds && `${seconds} s`].filter(Boolean).join(' ');
  }
}

beforeAll(async () => {
  if (!('DurationFormat' in Intl)) Object.assign(Intl, { DurationFormat: Durations });
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  await startI18n(Promise.resolve('en'));
});
afterAll(() => vi.useRealTimers());

const part = (index: number, state: Job['parts'][number]['state']) => ({ index, startSeconds: index * 600, endSeconds: (index + 1) * 600, state, flag: null });
const job: Job = {
  id: 'j1', fileName: 'board.m4a', size: 40e6, format: 'm4a', createdAt: 0, state: 'running', responseFormat: 'json',
  step: 'transcribing', planned: null, prepared: null, sentBytes: 5e6, totalBytes: 5e6, currentPart: 1, partsInFlight: 1, wait: null,
  parts: [part(0, 'done'), part(1, 'transcribing'), part(2, 'waiting'), part(3, 'waiting')],
  durationSeconds: 2400, etaSeconds: 120, failure: null, problem: null, recordId: null,
} as Job;

describe('the time left on a long recording', () => {
  it('goes down as time passes between two estimates, not only when a part is done', async () => {
    const host = document.createElement('div');
    const root = createRoot(host);
    await act(async () => root.render(<JobStatus job={job} />));
    expect(host.textContent).toContain('about 2 min left');
    await act(async () => vi.advanceTimersByTime(30_000));
    expect(host.textContent).toContain('about 1 min 30 s left');
    // Main's next estimate, a part later, takes over from where the count is.
    await act(async () => root.render(<JobStatus job={{ ...job, etaSeconds: 80, parts: [part(0, 'done'), part(1, 'done'), part(2, 'transcribing'), part(3, 'waiting')] }} />));
    expect(host.textContent).toContain('about 1 min 20 s left');
    act(() => root.unmount());
  });
});
