import { awaitLateOutput } from './late-output';

/** Packets a decoder may keep for itself (priming, a final partial frame) without output. */
const SLACK_PACKETS = 3;

/**
 * The AudioDecoder mediabunny reads with, made to finish: its flush() resolves only once the
 * decoded audio covers the packets given (late-output.ts). Without it, mediabunny's sample
 * iterator ended at flush and a recording's last 13–25 s went missing under load: from the
 * plan, and so from the transcript.
 */
export function completeAudioDecoder(Base: typeof AudioDecoder): typeof AudioDecoder {
  return class CompleteAudioDecoder extends Base {
    private inputMicros = 0;
    private outputMicros = 0;
    private longestPacket = 0;

    constructor(init: AudioDecoderInit) {
      super({
        output: (data) => {
          this.outputMicros += (data.numberOfFrames / data.sampleRate) * 1e6;
          init.output(data);
        },
        error: init.error,
      });
    }

    override decode(chunk: EncodedAudioChunk): void {
      const duration = chunk.duration ?? 0;
      this.inputMicros += duration;
      this.longestPacket = Math.max(this.longestPacket, duration);
      super.decode(chunk);
    }

    override async flush(): Promise<void> {
      await super.flush();
      await awaitLateOutput(
        () => this.outputMicros >= this.inputMicros - SLACK_PACKETS * this.longestPacket,
        () => `the audio decoder returned ${(this.outputMicros / 1e6).toFixed(2)} s of ${(this.inputMicros / 1e6).toFixed(2)} s`,
      );
    }
  };
}
