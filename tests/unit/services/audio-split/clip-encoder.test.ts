import { describe, expect, it } from 'vitest';
import { createClipEncoder } from '../../../../electron/core/services/audio-split';
import type { SplitAnswer, SplitRequest } from '../../../../electron/core/services/audio-split/protocol';
import type { SplitProcess } from '../../../../electron/core/services/audio-split/split-process';

/** Processes that answer each encode at once with its size, recording which process took which clip; `crashOn` dies instead. */
function processes(crashOn = '') {
  const started: Array<{ clips: string[]; killed: boolean }> = [];
  const start = (): SplitProcess => {
    const me = { clips: [] as string[], killed: false };
    started.push(me);
    let answer: (answer: SplitAnswer) => void = () => undefined;
    let exit: (detail: string) => void = () => undefined;
    return {
      send(request: SplitRequest) {
        if (request.type !== 'encode') return;
        me.clips.push(request.path);
        if (request.path === crashOn) return void setImmediate(() => exit('exit SIGSEGV'));
        const part = { index: 0, path: request.outPath, bytes: request.plan.cuts[0]!.endSample / 10, mimeType: 'audio/webm', startSeconds: 0, durationSeconds: 1 };
        setImmediate(() => answer({ type: 'encoded', part }));
      },
      onAnswer: (listener) => (answer = listener),
      onExit: (listener) => (exit = listener),
      kill() {
        me.killed = true;
        setImmediate(() => exit('exit SIGKILL'));
      },
    };
  };
  return { started, start };
}

describe('the clip encoder', () => {
  it('encodes clips one after another in one kept process, started before the first clip and replaced after its share', async () => {
    const { started, start } = processes();
    const encoder = createClipEncoder({ start, sampleRate: 16_000, recycleAfter: 2 });
    encoder.warm();
    expect(started).toHaveLength(1);
    const sizes = await Promise.all(['a', 'b', 'c'].map((clip, n) => encoder.encode(clip, (n + 1) * 1000, `${clip}.webm`)));
    expect(sizes).toEqual([100, 200, 300]);
    // The third clip went to a fresh process: the first was ended after two.
    expect(started.map((process) => [process.clips, process.killed])).toEqual([
      [['a', 'b'], true],
      [['c'], false],
    ]);
    encoder.close();
    expect(started[1]!.killed).toBe(true);
  });

  it('fails only the clip whose process died; the next clip gets a new process', async () => {
    const { started, start } = processes('b');
    const encoder = createClipEncoder({ start, sampleRate: 16_000 });
    const [a, b, c] = ['a', 'b', 'c'].map((clip) => encoder.encode(clip, 1000, `${clip}.webm`).catch((error: Error) => error.message));
    expect(await a).toBe(100);
    expect(await b).toMatch(/crashed|SIGSEGV/);
    expect(await c).toBe(100);
    expect(started.map((process) => process.clips)).toEqual([['a', 'b'], ['c']]);
    encoder.close();
  });
});
