import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChunkInput, ChunkOutcome, ChunkSender } from '../../../../shared/contract/recording';
import { createChunkQueue } from '../../../../renderer/recording/chunk-queue';

// The page's chunk sending: one after another, in order, the same seq again after a broken
// connection, and nothing more once main has refused one (the recording ended).

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A sender whose answers the test gives in turn: an outcome, or a thrown error (the connection broke). */
function scriptedSender(answers: Array<ChunkOutcome | Error>) {
  const sent: number[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const sender: ChunkSender = {
    async send(input: ChunkInput) {
      sent.push(input.seq);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await Promise.resolve();
      inFlight -= 1;
      const answer = answers.shift() ?? { ok: true };
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return { sender, sent, mostInFlight: () => mostInFlight };
}

const chunk = (seq: number) => ({ seq, pcm: new Uint8Array(4) });

describe('the chunk queue', () => {
  it('sends chunks one at a time, in order, and sends the same seq again after the connection broke', async () => {
    const { sender, sent, mostInFlight } = scriptedSender([{ ok: true }, new Error('socket closed'), new Error('socket closed'), { ok: true }, { ok: true }]);
    const refused = vi.fn();
    const connection = { broken: vi.fn(), back: vi.fn() };
    const queue = createChunkQueue('r1', sender, refused, connection);
    [0, 1, 2].forEach((seq) => queue.push(chunk(seq)));
    const drained = queue.drained();
    await vi.runAllTimersAsync();
    await drained;
    expect(sent).toEqual([0, 1, 1, 1, 2]);
    expect(mostInFlight()).toBe(1);
    expect(refused).not.toHaveBeenCalled();
    expect(connection.broken).not.toHaveBeenCalled();
  });

  it('hands on main’s pause hint with each chunk kept, and none when main gave none', async () => {
    const pauseHint = { windowSeconds: 0.05, quietBelow: [1e-4], quietSeconds: 0.55 };
    const { sender } = scriptedSender([{ ok: true, pauseHint }, { ok: true }]);
    const hints: unknown[] = [];
    const queue = createChunkQueue('r1', sender, vi.fn(), { broken: vi.fn(), back: vi.fn() }, (hint) => hints.push(hint));
    [0, 1].forEach((seq) => queue.push(chunk(seq)));
    await queue.drained();
    expect(hints).toEqual([pauseHint, null]);
  });

  it('stops sending once main refuses a chunk, and says so once', async () => {
    const problem = { code: 'recording.disk_full', values: { folder: '/data' } };
    const { sender, sent } = scriptedSender([{ ok: true }, { ok: false, problem }]);
    const refused = vi.fn();
    const queue = createChunkQueue('r1', sender, refused, { broken: vi.fn(), back: vi.fn() });
    [0, 1, 2, 3].forEach((seq) => queue.push(chunk(seq)));
    await queue.drained();
    expect(sent).toEqual([0, 1]);
    expect(refused).toHaveBeenCalledExactlyOnceWith({ ok: false, problem });
  });

  it('keeps sending through a long break, says so once, and says when the connection is back; nothing is dropped', async () => {
    const { sender, sent } = scriptedSender(Array.from({ length: 20 }, () => new Error('socket closed')));
    const connection = { broken: vi.fn(), back: vi.fn() };
    const queue = createChunkQueue('r1', sender, vi.fn(), connection);
    queue.push(chunk(5));
    queue.push(chunk(6));
    const drained = queue.drained();
    await vi.runAllTimersAsync();
    await drained;
    expect(sent.slice(-2)).toEqual([5, 6]);
    expect(sent.filter((seq) => seq === 5)).toHaveLength(21);
    expect(connection.broken).toHaveBeenCalledOnce();
    expect(connection.back).toHaveBeenCalledOnce();
  });
});
