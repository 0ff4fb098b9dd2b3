import { describe, expect, it } from 'vitest';
import { createCaptureContext } from '../../../../renderer/common/capture/capture-context';

// The capture's context renders to no output device where the browser can; elsewhere it is
// today's context, played to the default device. Stand-in constructors play the browsers.

type Options = AudioContextOptions & { sinkId?: unknown };

/** A browser's AudioContext that keeps what it was asked for; `refuses` plays one that throws on a sink it has not. */
function browser(refuses: boolean) {
  const made: Options[] = [];
  class Context {
    constructor(options: Options) {
      if (refuses && options.sinkId !== undefined) throw new DOMException('no such sink', 'NotFoundError');
      made.push(options);
    }
  }
  return { Context: Context as unknown as new (options: Options) => AudioContext, made };
}

describe('the capture context', () => {
  it('renders at the recording rate to no output device where the browser has sinkId', () => {
    const { Context, made } = browser(false);
    createCaptureContext(Context);
    expect(made).toEqual([{ sampleRate: 16_000, latencyHint: 'playback', sinkId: { type: 'none' } }]);
  });

  it('falls back to the default device, at the same rate, where the browser refuses a sink of none', () => {
    const { Context, made } = browser(true);
    createCaptureContext(Context);
    expect(made).toEqual([{ sampleRate: 16_000, latencyHint: 'playback' }]);
  });
});
