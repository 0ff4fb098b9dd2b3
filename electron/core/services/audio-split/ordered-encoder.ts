import { awaitLateOutput } from './late-output';

/**
 * @napi-rs/webcodecs 1.3.1's AudioEncoder can hand chunks over out of order at the end: those
 * encoded while flush() is pending come synchronously with it, while chunks the native thread
 * had queued before may still be on their way, and arrive after the flush resolved (seen: a
 * part 2.6 s short, because mediabunny's muxer had finished). Until flush() the native thread
 * delivers in order, so chunks go straight on to the muxer, which copies them and lets them
 * go; from flush() on they are held, and the flush waits (late-output.ts) until chunks covering
 * all the audio given are in, then hands them on in timestamp order. Holding a whole part's
 * chunks until its end, as this did first, kept ~100 MB of the encoder's native chunk memory
 * per 15 minutes at the end of a part; what is held now is the encoder's few seconds in flight.
 */
/** A chunk's bytes copied out, so the native chunk can be freed at once. */
interface Held {
  chunk: { type: EncodedAudioChunk['type']; timestamp: number; duration: number | undefined; data: Uint8Array };
  meta: EncodedAudioChunkMetadata | undefined;
}

export function orderedAudioEncoder(Base: typeof AudioEncoder): typeof AudioEncoder {
  return class OrderedAudioEncoder extends Base {
    private readonly held: Held[] = [];
    private readonly deliver: EncodedAudioChunkOutputCallback;
    private flushing = false;
    private delivered = false;
    private inputMicros = 0;
    private outputMicros = 0;

    constructor(init: AudioEncoderInit) {
      super({
        output: (chunk, meta) => {
          this.outputMicros += chunk.duration ?? 0;
          if (!this.flushing) {
            this.delivered = true;
            return init.output(chunk, meta);
          }
          const data = new Uint8Array(chunk.byteLength);
          chunk.copyTo(data);
          this.held.push({ chunk: { type: chunk.type, timestamp: chunk.timestamp, duration: chunk.duration ?? undefined, data }, meta });
        },
        error: init.error,
      });
      this.deliver = init.output;
    }

    override encode(data: AudioData): void {
      this.inputMicros += (data.numberOfFrames / data.sampleRate) * 1e6;
      super.encode(data);
    }

    override async flush(): Promise<void> {
      this.flushing = true;
      try {
        await super.flush();
        await awaitLateOutput(
          () => this.outputMicros >= this.inputMicros - 1_000,
          () => `the Opus encoder returned ${(this.outputMicros / 1e6).toFixed(2)} s of ${(this.inputMicros / 1e6).toFixed(2)} s`,
        );
      } finally {
        this.flushing = false;
      }
      const chunks = this.held.splice(0);
      // The decoder configuration comes with whichever chunk came first; it belongs to the first in time.
      const config = this.delivered ? undefined : chunks.find((held) => held.meta?.decoderConfig)?.meta;
      chunks.sort((a, b) => a.chunk.timestamp - b.chunk.timestamp);
      chunks.forEach(({ chunk, meta }, index) => {
        const first = index === 0 && !this.delivered;
        this.deliver(new EncodedAudioChunk(chunk), first ? (config ?? meta ?? {}) : { ...meta, decoderConfig: undefined });
      });
      this.delivered ||= chunks.length > 0;
    }
  };
}
