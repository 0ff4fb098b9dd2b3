import { awaitLateOutput } from './late-output';

/**
 * @napi-rs/webcodecs 1.3.1's AudioEncoder can hand chunks over out of order: those encoded
 * while flush() is pending come synchronously with it, while chunks the native thread had
 * queued before may still be on their way, and arrive after the flush resolved (seen: a part
 * 2.6 s short, because mediabunny's muxer had finished). This wrapper holds a part's chunks,
 * and when the encoder is flushed (mediabunny flushes once, at the end of the part) waits
 * (late-output.ts) until chunks covering all the audio it was given are in, then hands them
 * on in timestamp order. A part's chunks are small (~5 MB for 20 minutes).
 */
/** A chunk's bytes copied out, so the native chunk can be freed at once (holding ~20,000 native chunks per part cost hundreds of MB). */
interface Held {
  chunk: { type: EncodedAudioChunk['type']; timestamp: number; duration: number | undefined; data: Uint8Array };
  meta: EncodedAudioChunkMetadata | undefined;
}

export function orderedAudioEncoder(Base: typeof AudioEncoder): typeof AudioEncoder {
  return class OrderedAudioEncoder extends Base {
    private readonly held: Held[];
    private readonly deliver: EncodedAudioChunkOutputCallback;
    private inputMicros = 0;
    private heldMicros = 0;

    constructor(init: AudioEncoderInit) {
      const held: Held[] = [];
      super({
        output: (chunk, meta) => {
          const data = new Uint8Array(chunk.byteLength);
          chunk.copyTo(data);
          held.push({ chunk: { type: chunk.type, timestamp: chunk.timestamp, duration: chunk.duration ?? undefined, data }, meta });
          this.heldMicros += chunk.duration ?? 0;
        },
        error: init.error,
      });
      this.held = held;
      this.deliver = init.output;
    }

    override encode(data: AudioData): void {
      this.inputMicros += (data.numberOfFrames / data.sampleRate) * 1e6;
      super.encode(data);
    }

    override async flush(): Promise<void> {
      await super.flush();
      await awaitLateOutput(
        () => this.heldMicros >= this.inputMicros - 1_000,
        () => `the Opus encoder returned ${(this.heldMicros / 1e6).toFixed(2)} s of ${(this.inputMicros / 1e6).toFixed(2)} s`,
      );
      const chunks = this.held.splice(0);
      // The decoder configuration comes with whichever chunk came first; it belongs to the first in time.
      const config = chunks.find((held) => held.meta?.decoderConfig)?.meta;
      chunks.sort((a, b) => a.chunk.timestamp - b.chunk.timestamp);
      chunks.forEach(({ chunk, meta }, index) => this.deliver(new EncodedAudioChunk(chunk), index === 0 ? (config ?? meta ?? {}) : { ...meta, decoderConfig: undefined }));
    }
  };
}
