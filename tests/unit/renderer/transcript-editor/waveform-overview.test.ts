import { describe, expect, it, vi } from 'vitest';

// Main's answers, in turn: the first asking fails (the page's bridge dropped), the next answers.
const answers: Array<() => Promise<unknown>> = [];
vi.mock('../../../../renderer/api', () => ({ api: { transcriptEditor: { waveform: () => answers.shift()!() } } }));
const { overviewOf } = await import('../../../../renderer/transcript-editor/waveform');

describe("the waveform's overview", () => {
  it('is asked again after a failed asking, not answered from the failure kept', async () => {
    answers.push(
      () => Promise.reject(new Error('the bridge dropped')),
      async () => ({ windows: 2, windowMs: 10, from: 0, peaks: Buffer.from([0, 1, 255, 2]).toString('base64'), durationMs: 20 }),
    );
    await expect(overviewOf('t1')).rejects.toThrow('the bridge dropped');
    await expect(overviewOf('t1')).resolves.toMatchObject({ duration: 0.02, windowMs: 10 });
  });
});
