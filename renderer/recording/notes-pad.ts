import { create } from 'zustand';
import type { NoteLine } from '../../shared/domain/transcript';
import { api } from '../api';
import { i18n } from '../i18n';
import { useRecorder } from './store';

/** Typing is sent at most this long after its first unsent change: at most this much of it is lost with the page. */
export const NOTE_SEND_MS = 1_000;

/** The pad's draft: its text and, line by line, the recording time each line was written. Main keeps what counts. */
interface Pad {
  recordingId: string | null;
  text: string;
  times: number[];
}

export const usePad = create<Pad>(() => ({ recordingId: null, text: '', times: [] }));

/**
 * Each line's time after an edit: lines the edit did not touch keep theirs (matched from both
 * ends, so a line typed above others does not retime them), a line edited in place keeps its
 * own, and a new line, or a blank one given words, is written `now`.
 */
export function retime(before: readonly string[], times: readonly number[], after: readonly string[], now: number): number[] {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  return after.map((_line, i) => {
    if (i < head) return times[i]!;
    if (i >= after.length - tail) return times[before.length - (after.length - i)]!;
    const edited = i < before.length - tail && before[i]!.trim() !== '';
    return edited ? times[i]! : now;
  });
}

/** What main keeps: the lines with words, in the pad's order, each with its time. */
export function linesOf(text: string, times: readonly number[]): NoteLine[] {
  return text.split('\n').flatMap((line, i) => (line.trim() ? [{ at: times[i] ?? 0, text: line }] : []));
}

let timer: ReturnType<typeof setTimeout> | null = null;
let sending: Promise<void> | null = null;
let again = false;

/** Sends the pad as it stands (one send at a time; a change meanwhile sends once more after it). */
export function sendNotes(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  if (sending) {
    again = true;
    return sending;
  }
  sending = (async () => {
    do {
      again = false;
      const { recordingId, text, times } = usePad.getState();
      if (!recordingId) break;
      try {
        await api.recording.note({ id: recordingId, lines: linesOf(text, times) });
      } catch (failure) {
        // The draft stays: its next change (or Stop) sends it whole again.
        useRecorder.getState().set({ failure });
        break;
      }
    } while (again);
  })().finally(() => (sending = null));
  return sending;
}

/** The user typed: a finished line (a new line begun) goes at once, other typing within a second. */
export function typed(recordingId: string, text: string, now: number) {
  const pad = usePad.getState();
  const before = pad.recordingId === recordingId ? pad.text.split('\n') : [''];
  const after = text.split('\n');
  usePad.setState({ recordingId, text, times: retime(before, pad.recordingId === recordingId ? pad.times : [now], after, now) });
  if (after.length > before.length) void sendNotes();
  else timer ??= setTimeout(() => void sendNotes(), NOTE_SEND_MS);
}

/** A marker was dropped: it shows in the pad as a line of its own at its time, the user's to name or follow. */
export function markedInPad(recordingId: string, at: number, number: number) {
  const pad = usePad.getState();
  const mine = pad.recordingId === recordingId;
  const text = mine ? pad.text : '';
  const times = mine ? pad.times : [];
  const line = `◆ ${i18n.t('transcription:markers.numbered', { number })}`;
  // After the last line with words; the empty line below it is where typing goes on.
  const lines = text.split('\n');
  while (lines.length && !lines.at(-1)!.trim()) lines.pop();
  usePad.setState({ recordingId, text: [...lines, line, ''].join('\n'), times: [...times.slice(0, lines.length), at, at] });
  void sendNotes();
}

/** A recording starts (empty) or a reloaded page takes one back (main's lines). */
export function openPad(recordingId: string, lines: readonly NoteLine[]) {
  if (usePad.getState().recordingId === recordingId) return;
  usePad.setState({ recordingId, text: lines.map((line) => line.text).join('\n'), times: lines.map((line) => line.at) });
}
