import { RECORDING_SAMPLE_RATE } from '../../../../shared/contract/recording';

/** Every track file: 16-bit mono PCM at the recording rate. */
export const WAV_HEADER_BYTES = 44;
export const BYTES_PER_SAMPLE = 2;

/**
 * The canonical 44-byte header of a 16-bit PCM WAV holding `dataBytes` of samples. Written by
 * hand rather than with mediabunny's WAV muxer: the muxer writes the sizes only when it
 * finalizes, so a file cut short by a crash would be unplayable. Here the sizes are rewritten
 * after every chunk, so the file on disk is always a whole, playable WAV.
 */
export function wavHeader(dataBytes: number, channels = 1, sampleRate = RECORDING_SAMPLE_RATE): Buffer {
  const header = Buffer.alloc(WAV_HEADER_BYTES);
  const blockAlign = channels * BYTES_PER_SAMPLE;
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(BYTES_PER_SAMPLE * 8, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** The two size fields (RIFF chunk and data chunk), as written in place after each append. */
export function sizeFields(dataBytes: number): Array<{ at: number; bytes: Buffer }> {
  const riff = Buffer.alloc(4);
  riff.writeUInt32LE(36 + dataBytes);
  const data = Buffer.alloc(4);
  data.writeUInt32LE(dataBytes);
  return [
    { at: 4, bytes: riff },
    { at: 40, bytes: data },
  ];
}
