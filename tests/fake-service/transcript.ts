import type { TranscriptWord } from './script';

// Builds the transcript the fake "hears" and renders it in the five response formats.

const VOCABULARY =
  'this is a deterministic transcript from the confab fake service the words are spread evenly over the length of the audio'.split(' ');

/** Seconds of audio described by a WAV header, or null when the bytes are not a PCM-style WAV. */
export function wavDuration(header: Buffer, totalSize: number): number | null {
  if (header.length < 12 || header.toString('ascii', 0, 4) !== 'RIFF' || header.toString('ascii', 8, 12) !== 'WAVE') return null;
  let byteRate = 0;
  let offset = 12;
  while (offset + 8 <= header.length) {
    const id = header.toString('ascii', offset, offset + 4);
    const size = header.readUInt32LE(offset + 4);
    if (id === 'fmt ' && offset + 16 <= header.length) {
      const channels = header.readUInt16LE(offset + 10);
      const sampleRate = header.readUInt32LE(offset + 12);
      const bitsPerSample = offset + 24 <= header.length ? header.readUInt16LE(offset + 22) : 16;
      byteRate = (sampleRate * channels * bitsPerSample) / 8;
    }
    if (id === 'data') {
      if (!byteRate) return null;
      // Streamed WAVs leave the size at 0 or 0xFFFFFFFF; fall back to what was uploaded.
      const available = totalSize - (offset + 8);
      const dataSize = size === 0 || size === 0xffffffff || size > available ? available : size;
      return Math.max(0, dataSize) / byteRate;
    }
    offset += 8 + size + (size % 2);
  }
  return null;
}

/** Compressed formats: assume ~128 kbit/s, which is typical for speech recordings. */
export function estimateDuration(size: number): number {
  return size / 16_000;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

export function defaultWords(duration: number): TranscriptWord[] {
  const count = Math.max(3, Math.min(2000, Math.round(duration * 3)));
  const slot = duration / count;
  return Array.from({ length: count }, (_, i) => ({
    word: VOCABULARY[i % VOCABULARY.length] ?? 'word',
    start: round3(i * slot),
    end: round3(i * slot + slot * 0.8),
  }));
}

export function textFromWords(words: TranscriptWord[]): string {
  const text = words.map((w) => w.word).join(' ');
  return text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}.` : '';
}

export interface Transcript {
  text: string;
  words: TranscriptWord[];
  language: string;
  duration: number;
}

export interface Segment {
  id: number;
  seek: number;
  start: number;
  end: number;
  text: string;
  tokens: number[];
  temperature: number;
  avg_logprob: number;
  compression_ratio: number;
  no_speech_prob: number;
}

const WORDS_PER_SEGMENT = 8;

export function segmentsOf(t: Transcript): Segment[] {
  if (t.words.length === 0) {
    return t.text ? [makeSegment(0, 0, t.duration, t.text)] : [];
  }
  const segments: Segment[] = [];
  for (let i = 0; i < t.words.length; i += WORDS_PER_SEGMENT) {
    const group = t.words.slice(i, i + WORDS_PER_SEGMENT);
    const first = group[0];
    const last = group[group.length - 1];
    if (!first || !last) continue;
    segments.push(makeSegment(segments.length, first.start, last.end, group.map((w) => w.word).join(' ')));
  }
  return segments;
}

function makeSegment(id: number, start: number, end: number, text: string): Segment {
  return {
    id,
    seek: Math.floor(start * 100),
    start,
    end,
    // OpenAI segment texts start with a space.
    text: ` ${text}`,
    tokens: Array.from(text).slice(0, 16).map((c, i) => 50364 + ((c.codePointAt(0) ?? 0) * 7 + i) % 1000),
    temperature: 0,
    avg_logprob: -0.25,
    compression_ratio: 1.2,
    no_speech_prob: 0.01,
  };
}

function timestamp(seconds: number, separator: ',' | '.'): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
}

export function toSrt(t: Transcript): string {
  return segmentsOf(t)
    .map((s, i) => `${i + 1}\n${timestamp(s.start, ',')} --> ${timestamp(s.end, ',')}\n${s.text.trim()}\n`)
    .join('\n');
}

export function toVtt(t: Transcript): string {
  const cues = segmentsOf(t).map((s) => `${timestamp(s.start, '.')} --> ${timestamp(s.end, '.')}\n${s.text.trim()}\n`);
  return `WEBVTT\n\n${cues.join('\n')}`;
}

export function toVerboseJson(t: Transcript, granularities: string[]) {
  const body: Record<string, unknown> = {
    task: 'transcribe',
    language: t.language,
    duration: round3(t.duration),
    text: t.text,
  };
  // OpenAI: segments by default; words only when asked for.
  if (granularities.length === 0 || granularities.includes('segment')) body.segments = segmentsOf(t);
  if (granularities.includes('word')) body.words = t.words;
  return body;
}
