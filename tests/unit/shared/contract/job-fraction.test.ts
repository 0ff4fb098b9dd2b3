import { describe, expect, it } from 'vitest';
import { type JobPart, jobFraction } from '../../../../shared/contract/jobs';
import { job } from '../../../support/job';

const part = (index: number, startSeconds: number, endSeconds: number, state: JobPart['state']): JobPart => ({ index, startSeconds, endSeconds, state, flag: null });

describe('how far a job is (the taskbar and the announcements)', () => {
  it('counts the parts done against the recording\'s length while it is still read, not against the parts planned so far', () => {
    const reading = job('meeting', 'running', { step: 'planning', planned: { doneSeconds: 1800, totalSeconds: 3600 }, parts: [part(0, 0, 120, 'done'), part(1, 120, 1290, 'transcribing')] });
    // Two minutes of an hour, not one part of two.
    expect(jobFraction(reading)).toBeCloseTo(120 / 3600);
    expect(jobFraction({ ...reading, planned: { doneSeconds: 1800, totalSeconds: null } })).toBeNull();
    expect(jobFraction({ ...reading, parts: [], planned: { doneSeconds: 0, totalSeconds: 3600 } })).toBe(0);
    // Planned whole: parts done of all.
    expect(jobFraction({ ...reading, step: 'transcribing', parts: [...reading.parts, part(2, 1290, 2460, 'waiting'), part(3, 2460, 3600, 'waiting')] })).toBe(0.25);
  });
});
