// @vitest-environment jsdom
import { act } from 'react';
import { type Root, createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Job, PartState } from '../../../../shared/contract/jobs';
import { startI18n, switchLanguage } from '../../../../renderer/i18n';
import { JobStatus } from '../../../../renderer/transcription/JobStatus';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A running ten-part job whose parts are in the given states (the rest waiting). */
function running(states: Record<number, PartState>, change: Partial<Job> = {}): Job {
  const parts = Array.from({ length: 10 }, (_, index) => ({ index, startSeconds: index * 1200, endSeconds: (index + 1) * 1200, state: states[index] ?? ('waiting' as const), flag: null }));
  return {
    id: 'j1', fileName: 'meeting.mp3', size: 1, format: 'mp3', createdAt: 0, state: 'running', responseFormat: 'verbose_json', step: 'transcribing',
    planned: null, prepared: null, sentBytes: 3 * 1024 * 1024, totalBytes: 12 * 1024 * 1024, currentPart: Math.min(...parts.filter((part) => part.state !== 'done' && part.state !== 'waiting').map((part) => part.index)),
    partsInFlight: parts.filter((part) => part.state === 'uploading' || part.state === 'transcribing').length, wait: null, durationSeconds: 12_000, etaSeconds: null, failure: null, problem: null, recordId: null, parts, ...change,
  };
}

let root: Root | null = null;
async function unmount() {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = '';
}
async function show(job: Job) {
  await unmount();
  root = createRoot(document.body.appendChild(document.createElement('div')));
  await act(async () => root!.render(<JobStatus job={job} />));
  return lines();
}
const lines = () => [...document.querySelectorAll('p')].map((p) => p.textContent);

describe('a job row with several parts on their way', () => {
  beforeAll(() => startI18n(Promise.resolve('en')));
  afterEach(async () => {
    vi.useRealTimers();
    await unmount();
    await switchLanguage('en');
  });

  it('names the parts on their way, a run of three as a range, and their bytes together', async () => {
    expect(await show(running({ 0: 'done', 1: 'uploading', 2: 'uploading', 3: 'transcribing' }))).toEqual([
      'Parts 2–4 of 10 on their way',
      'Uploading 3.0 MB of 12.0 MB',
      '1 of 10 parts transcribed',
    ]);
    expect(document.querySelector('progress[aria-label="Upload of meeting.mp3"]')?.getAttribute('value')).toBe(String(3 * 1024 * 1024));
    // Parts come back in any order: what is still on its way is listed as it is.
    expect((await show(running({ 1: 'transcribing', 3: 'transcribing', 4: 'uploading' })))[0]).toBe('Parts 2, 4, and 5 of 10 on their way');
    await switchLanguage('de');
    expect((await show(running({ 1: 'transcribing', 2: 'uploading', 3: 'uploading', 6: 'encoding' })))[0]).toBe('Teile 2–4 und 7 von 10 unterwegs');
    await switchLanguage('ar');
    expect((await show(running({ 1: 'transcribing', 2: 'uploading' })))[0]).toBe('الأجزاء 2 و3 من 10 قيد الإرسال');
  });

  it('while the recording is still read, shows the reading and the parts already going, with no total yet', async () => {
    const reading = running({ 0: 'done', 1: 'uploading', 2: 'uploading' }, { step: 'planning', planned: { doneSeconds: 1800, totalSeconds: 3600 }, durationSeconds: null });
    expect(await show({ ...reading, parts: reading.parts.slice(0, 3) })).toEqual([
      'Reading the recording… 50%',
      'Parts 2 and 3 on their way',
      'Uploading 3.0 MB of 12.0 MB',
      '1 part transcribed so far',
    ]);
    expect(document.querySelector('progress[aria-label="Reading meeting.mp3"]')?.getAttribute('value')).toBe('0.5');
  });

  it('keeps the one part\'s own line when only one is on its way', async () => {
    expect((await show(running({ 0: 'done', 1: 'uploading' })))[0]).toBe('Part 2 of 10 — 3.0 MB of 12.0 MB');
  });

  it('counts the rate limit\'s wait down from the seconds main gave, and starts again from a new figure', async () => {
    vi.useFakeTimers();
    const waiting = (seconds: number) => running({ 1: 'waiting', 2: 'uploading' }, { wait: { code: 'job.rate_limited', values: { seconds } } });
    expect((await show(waiting(5)))[0]).toBe('The service asked Confab to slow down; sending again in 5 s.');
    await act(async () => vi.advanceTimersByTime(2_100));
    expect(lines()[0]).toBe('The service asked Confab to slow down; sending again in 3 s.');
    // It stops at 1 s: the part goes when main says, and "in 0 s" would read as stuck.
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(lines()[0]).toBe('The service asked Confab to slow down; sending again in 1 s.');
    await act(async () => root!.render(<JobStatus job={waiting(8)} />));
    expect(lines()[0]).toBe('The service asked Confab to slow down; sending again in 8 s.');
  });
});
