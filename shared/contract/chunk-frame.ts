import { z } from 'zod';
import { type ChunkInput, MAX_CHUNK_SECONDS, RECORDING_SAMPLE_RATE } from './recording';

/** The most a chunk can hold: MAX_CHUNK_SECONDS of two 16-bit tracks. */
export const MAX_CHUNK_BYTES = MAX_CHUNK_SECONDS * RECORDING_SAMPLE_RATE * 2 * 2;
/** An id and two numbers: anything longer is not a header the page wrote. */
const MAX_HEADER_BYTES = 512;

/** `seq` numbers the bridge call (its answer is a `result` frame with it); `chunk` is the chunk's own seq. */
const chunkFrameHeader = z.object({ seq: z.number().int().nonnegative(), id: z.string().min(1), chunk: z.number().int().nonnegative() }).strict();

/**
 * A recording's chunk as one binary frame of the harness's bridge, so audio never rides inside
 * JSON: the header's length (uint32, little-endian), the header as JSON, then the PCM as it is.
 * Hand-rolled because it is three fields; the header is still checked by its zod schema.
 */
export function encodeChunkFrame(seq: number, { id, seq: chunk, pcm }: ChunkInput): Uint8Array<ArrayBuffer> {
  const header = new TextEncoder().encode(JSON.stringify({ seq, id, chunk }));
  const frame = new Uint8Array(4 + header.length + pcm.length);
  new DataView(frame.buffer).setUint32(0, header.length, true);
  frame.set(header, 4);
  frame.set(pcm, 4 + header.length);
  return frame;
}

/** The bridge call's seq and the chunk, its PCM a view into the frame; null for a frame that is not one. */
export function decodeChunkFrame(frame: Uint8Array): { seq: number; id: string; chunk: number; pcm: Uint8Array } | null {
  if (frame.length < 4) return null;
  const length = new DataView(frame.buffer, frame.byteOffset, frame.byteLength).getUint32(0, true);
  if (length > MAX_HEADER_BYTES || 4 + length > frame.length) return null;
  let header;
  try {
    header = chunkFrameHeader.safeParse(JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(frame.subarray(4, 4 + length))));
  } catch {
    return null;
  }
  if (!header.success) return null;
  return { ...header.data, pcm: frame.subarray(4 + length) };
}
