/**
 * The length of an Opus-in-WebM upload, read from its first bytes as the fake reads a WAV's
 * header: the bytes must start with the EBML magic (1A 45 DF A3) and a DocType of "webm", hold
 * a track whose CodecID is "A_OPUS", and the Segment's Info a Duration (scaled by its
 * TimestampScale). Anything else is not taken for Opus in WebM (null), so a WAV renamed .webm,
 * or a WebM of another codec, gets no length from here.
 */

const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMESTAMP_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const CODEC_ID = 0x86;
/** Elements whose children are read; every other element is skipped whole. */
const MASTERS = new Set([EBML, SEGMENT, INFO, TRACKS, TRACK_ENTRY]);

/** An EBML variable-length integer at `at`: IDs keep their length marker, sizes drop it (all ones: unknown, to the end). */
function vint(bytes: Buffer, at: number, isId: boolean): { length: number; value: number } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return null;
  let value = isId ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i]!;
    allOnes &&= bytes[at + i] === 0xff;
  }
  return { length, value: !isId && allOnes ? Infinity : value };
}

interface Found {
  docType?: string;
  codecs: string[];
  scale: number;
  duration?: number;
}

function walk(bytes: Buffer, from: number, to: number, found: Found) {
  let at = from;
  while (at < to) {
    const id = vint(bytes, at, true);
    const size = id && vint(bytes, at + id.length, false);
    if (!id || !size) return;
    const start = at + id.length + size.length;
    const end = Math.min(to, bytes.length, start + size.value);
    if (MASTERS.has(id.value)) walk(bytes, start, end, found);
    else if (id.value === DOC_TYPE) found.docType = bytes.toString('ascii', start, end);
    else if (id.value === CODEC_ID) found.codecs.push(bytes.toString('ascii', start, end));
    else if (id.value === TIMESTAMP_SCALE) found.scale = bytes.readUIntBE(start, end - start);
    else if (id.value === DURATION) found.duration = end - start === 4 ? bytes.readFloatBE(start) : bytes.readDoubleBE(start);
    at = end;
  }
}

export function webmOpusDuration(header: Buffer): number | null {
  if (header.length < 4 || header.readUInt32BE(0) !== EBML) return null;
  const found: Found = { codecs: [], scale: 1_000_000 };
  walk(header, 0, header.length, found);
  if (found.docType !== 'webm' || !found.codecs.includes('A_OPUS') || found.duration === undefined) return null;
  return (found.duration * found.scale) / 1e9;
}
