import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';

class FakeUtilityProcess extends EventEmitter {
  pid: number | undefined = 4321;
  postMessage = vi.fn();
  // As Electron's: false, and nothing done, while the process has not started.
  kill = vi.fn(() => {
    if (this.pid === undefined) return false;
    queueMicrotask(() => this.emit('exit', 15));
    return true;
  });
}

let child = new FakeUtilityProcess();
const fork = vi.fn(() => child);
vi.mock('electron', () => ({ utilityProcess: { fork } }));
const { utilitySplitProcess } = await import('../../../../electron/shell/platform/utility-splitter');
const { createAudioSplitter, splitScript } = await import('../../../../electron/core/services/audio-split');

beforeEach(() => {
  child = new FakeUtilityProcess();
  fork.mockClear();
});

const plan = { sampleRate: 16_000, primingSamples: 0, durationSeconds: 60, complete: true, cuts: [{ index: 0, startSample: 0, endSample: 960_000 }] };

describe('the splitter in Electron (a utility process per request)', () => {
  it('runs the bundled worker script in a utility process, sends the request and ends the process once it has answered', async () => {
    const peaks: unknown[] = [];
    const splitter = createAudioSplitter({ start: utilitySplitProcess, onPeakRss: (...peak) => peaks.push(peak) });
    const progress = vi.fn();
    const planned = splitter.plan({ path: '/recordings/meeting.mp3', signal: new AbortController().signal, onProgress: progress });
    expect(fork).toHaveBeenCalledExactlyOnceWith(fileURLToPath(splitScript().url), [], { serviceName: 'Confab audio splitter', stdio: 'inherit' });
    expect(child.postMessage).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ type: 'plan', path: '/recordings/meeting.mp3' }));
    child.emit('message', { type: 'opened', totalSeconds: 60, stretches: [] });
    child.emit('message', { type: 'progress', progress: { doneSeconds: 30, totalSeconds: null } });
    child.emit('message', { type: 'usage', peakRssKib: 123_456 });
    // A minute at 16 kHz in 50 ms levels: one part, nothing to cut.
    child.emit('message', { type: 'measured', levels: new Float32Array(1200).fill(-20), samples: 960_000, shape: { sampleRate: 16_000, primingSamples: 0, trailingSamples: 0 } });
    expect(await planned).toEqual(plan);
    expect(progress.mock.calls).toEqual([[{ doneSeconds: 0, totalSeconds: 60 }], [{ doneSeconds: 30, totalSeconds: 60 }], [{ doneSeconds: 60, totalSeconds: 60 }]]);
    expect(peaks).toEqual([[123_456, 'plan']]);
    expect(child.kill).toHaveBeenCalledOnce();
  });

  it('kills the process when the request is cancelled, and says the split stopped when the process dies on its own', async () => {
    const splitter = createAudioSplitter({ start: utilitySplitProcess });
    const cancel = new AbortController();
    const planned = splitter.plan({ path: '/recordings/meeting.mp3', signal: cancel.signal });
    cancel.abort();
    await expect(planned).rejects.toMatchObject({ name: 'AbortError' });
    expect(child.kill).toHaveBeenCalledOnce();

    child = new FakeUtilityProcess();
    const crashed = splitter.plan({ path: '/recordings/meeting.mp3', signal: new AbortController().signal });
    child.emit('exit', 139);
    await expect(crashed).rejects.toMatchObject({ code: 'split.crashed', values: { detail: 'exit 139' } });
  });

  it('kills a process cancelled before it has started as soon as it starts', async () => {
    child.pid = undefined;
    const splitter = createAudioSplitter({ start: utilitySplitProcess });
    const cancel = new AbortController();
    const planned = splitter.plan({ path: '/recordings/meeting.mp3', signal: cancel.signal });
    cancel.abort();
    expect(child.kill).toHaveBeenCalledOnce();
    child.pid = 4322;
    child.emit('spawn');
    expect(child.kill).toHaveBeenCalledTimes(2);
    await expect(planned).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('names a fatal error of the process (out of memory) in the failure, and main does not throw on it', async () => {
    const splitter = createAudioSplitter({ start: utilitySplitProcess });
    const planned = splitter.plan({ path: '/recordings/meeting.mp3', signal: new AbortController().signal });
    child.emit('error', 'FatalError', 'v8::internal::Heap::FatalProcessOutOfMemory', '');
    child.emit('exit', 133);
    await expect(planned).rejects.toMatchObject({ code: 'split.crashed', values: { detail: 'exit 133: FatalError at v8::internal::Heap::FatalProcessOutOfMemory' } });
  });
});
