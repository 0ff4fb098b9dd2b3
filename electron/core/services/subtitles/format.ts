import type { Cue } from './cues';
import { RLM, RTL_START, collapseSpace } from './text';
import { timecode, toMilliseconds } from './timecode';

/**
 * SubRip and WebVTT writers. Both use LF line endings: every parser in use (ffmpeg, VLC,
 * mpv, browsers' <track>) accepts LF, WebVTT allows it explicitly, and SubRip has no
 * specification that requires CRLF. Times are rounded to whole milliseconds with one
 * monotonic rounding, so cues that do not overlap before rounding do not after it.
 */

/**
 * SubRip has no escapes (an `&gt;` shows literally in most players), so the one sequence
 * that would be read as a timing line, `-->`, becomes the arrow it stands for. Other text is
 * left alone: players read only a few tags (<i>, <b>, <u>, <font>), which speech does not
 * produce, and show any other `<` or `&` as written.
 */
const escapeSrt = (text: string) => (text.includes('-->') ? text.replaceAll('-->', '→') : text);

/**
 * WebVTT cue text is markup: `&` and `<` must be character references, and escaping `>` as
 * well (allowed everywhere in cue text) is what rules out `-->`.
 */
const escapeVtt = (text: string) =>
  /[&<>]/.test(text) ? text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;') : text;

type Block = { start: number; end: number; lines: string[]; voice?: string };

/** Cues as written: no empty lines (an empty line would end the cue early), no empty cues. */
function blocks(cues: readonly Cue[], escape: (text: string) => string): Block[] {
  return cues.flatMap((cue) => {
    const lines = cue.lines.map(collapseSpace).filter(Boolean).map(escape);
    const start = toMilliseconds(cue.start);
    return lines.length ? [{ start, end: Math.max(start, toMilliseconds(cue.end)), lines, voice: cue.voice }] : [];
  });
}

/**
 * SubRip has no voice markup: "Name: " goes before the first line of a cue where a speaker
 * starts (cues carry their speaker as `voice`). A right-to-left line stays right to left with
 * the name in front of it: the mark goes before the name, not between it and the line.
 */
export function prefixSpeakers(cues: readonly Cue[]): Cue[] {
  let previous: string | undefined;
  return cues.map(({ voice, ...cue }) => {
    const changed = voice !== previous;
    previous = voice;
    if (!voice || !changed) return cue;
    const [first = '', ...rest] = cue.lines;
    const named = RTL_START.test(first) ? `${RLM}${voice}: ${first.startsWith(RLM) ? first.slice(RLM.length) : first}` : `${voice}: ${first}`;
    return { ...cue, lines: [named, ...rest] };
  });
}

export function formatSrt(cues: readonly Cue[]): string {
  return blocks(cues, escapeSrt)
    .map((cue, i) => `${i + 1}\n${timecode(cue.start, ',')} --> ${timecode(cue.end, ',')}\n${cue.lines.join('\n')}\n`)
    .join('\n');
}

/** A WebVTT voice span's opening tag (its annotation is escaped like cue text), or nothing. */
function voiceSpan(voice: string | undefined): string {
  const name = voice && escapeVtt(collapseSpace(voice));
  return name ? `<v ${name}>` : '';
}

export function formatVtt(cues: readonly Cue[]): string {
  const body = blocks(cues, escapeVtt).map(
    (cue) => `${timecode(cue.start, '.')} --> ${timecode(cue.end, '.')}\n${voiceSpan(cue.voice)}${cue.lines.join('\n')}\n`,
  );
  return `WEBVTT\n\n${body.join('\n')}`;
}

/** A silence at least this long between cues starts a new paragraph in plain text. */
export const PARAGRAPH_GAP_SECONDS = 2;
