import { describe, expect, it } from 'vitest';
import type { Job } from '../../../../shared/contract/jobs';
import { jobSignalFeed } from '../../../../electron/shell/desktop/job-signal-feed';
import type { JobSignal } from '../../../../electron/shell/desktop/job-signals';
import { job } from '../../../support/job';


const part = (index: number, state: Job['parts'][number]['state']) => ({ index, startSeconds: index * 600, endSeconds: (index + 1) * 600, state, flag: null });

function feed() {
  const out: (JobSignal | 'idle')[] = [];
  const apply = jobSignalFeed({ signal: (s) => out.push(s), idle: () => out.push('idle') });
  return { out, apply };
}

describe('the desktop signals fed by the job queue', () => {
  it('shows one progress value for all the work left: bytes of a whole file, parts of a long one', () => {
    const { out, apply } = feed();
    apply({ type: 'job', job: job('a', 'running', { sentBytes: 500, totalBytes: 1000 }) });
    apply({ type: 'job', job: job('b', 'running', { parts: [part(0, 'done'), part(1, 'done'), part(2, 'uploading'), part(3, 'waiting')], currentPart: 2, partsInFlight: 1, sentBytes: 50, totalBytes: 100 }) });
    expect(out).toEqual([
      { kind: 'progress', fraction: 0.5 },
      { kind: 'progress', fraction: (0.5 + 2.5 / 4) / 2 },
    ]);
  });

  it('is indeterminate while a recording of unknown length is planned', () => {
    const { out, apply } = feed();
    apply({ type: 'job', job: job('a', 'running', { step: 'planning', planned: { doneSeconds: 10, totalSeconds: null } }) });
    expect(out).toEqual([{ kind: 'progress', fraction: null }]);
  });

  it('tells each end once (done or failed), not a cancel, and takes the bar away when nothing is left', () => {
    const { out, apply } = feed();
    apply({ type: 'jobs', jobs: [job('a', 'running'), job('b', 'queued'), job('c', 'running')] });
    apply({ type: 'job', job: job('a', 'done', { recordId: 'r1' }) });
    apply({ type: 'job', job: job('a', 'done', { recordId: 'r1' }) });
    apply({ type: 'job', job: job('b', 'failed') });
    apply({ type: 'job', job: job('c', 'cancelled') });
    const ends = out.filter((s) => s !== 'idle' && s.kind === 'ended');
    expect(ends).toEqual([
      { kind: 'ended', jobId: 'a', title: 'a.wav', ok: true },
      { kind: 'ended', jobId: 'b', title: 'b.wav', ok: false },
    ]);
    expect(out.at(-1)).toBe('idle');
    expect(out.filter((s) => s === 'idle')).toHaveLength(1);
  });

  it('forgets removed jobs', () => {
    const { out, apply } = feed();
    apply({ type: 'job', job: job('a', 'queued') });
    apply({ type: 'removed', ids: ['a'] });
    expect(out).toEqual([{ kind: 'progress', fraction: 0 }, 'idle']);
  });
});
