/**
 * @napi-rs/webcodecs 1.3.1 never frees the memory of an AudioData built from a bare
 * ArrayBuffer (close() and garbage collection leave it; only the thread's end does), while
 * one built from a typed array is freed as it should be. mediabunny builds every AudioData it
 * encodes from an ArrayBuffer (AudioSample.toAudioData: 480 KB per resampled 5 s), so a part
 * kept all its audio (~100 MB per 15 minutes at 24 kHz) until its worker ended. This hands the
 * constructor a view of the same bytes instead. A Proxy, not a subclass, so that `instanceof
 * AudioData` still holds for the AudioData the decoder makes natively.
 */
export function viewBackedAudioData(Base: typeof AudioData): typeof AudioData {
  return new Proxy(Base, {
    construct(target, [init]: [AudioDataInit]) {
      return new target(init.data instanceof ArrayBuffer ? { ...init, data: new Uint8Array(init.data) } : init);
    },
  });
}
