import { create } from 'zustand';
import type { NoteLine } from '../../shared/domain/transcript';
import { api } from '../api';
import { i18n } from '../i18n';
import { linesOf, retime } from './note-lines';

/** Typing is sent at most this long after its first unsent change: at most this much of it is lost with the page. */
export const NOTE_SEND_MS = 1_000;

/** The pad's draft: its text and, line by line, the recording time each line was written. Main keeps what counts. */
interface Pad {
  recordingId: string | null;
  text: string;
  times: number[];
  /**
   * The time a line gets while this page has no capture running (a reloaded page before its capture
   * restarts, or if it cannot): where the recording goes on from. Main keeps lines whatever the capture does.
   */
  from: number;
  /** Why main did not take the pad's last send (null: it has the draft as it stood); the pad says it. */
  unsent: unknown;
}

export const usePad = create<Pad>(() => ({ recordingId: null, text: '', times: [], from: 0, unsent: null }));

let timer: ReturnType<typeof setTimeout> | null = null;
let sending: Promise<boolean> | null = null;
let again = false;

/**
 * Sends the pad as it stands (one send at a time; a change meanwhile sends once more after it).
 * Answers whether main has the draft: when it has not, the draft stays, and its next change (or Stop) sends it whole again.
 */
export function sendNotes(): Promise<boolean> {
  if (timer) clearTimeout(timer);
  timer = null;
  if (sending) {
    again = true;
    return sending;
  }
  const send = (async () => {
    do {
      again = false;
      const { recordingId, text, times } = usePad.getState();
      if (!recordingId) return true;
      try {
        await api.recording.note({ id: recordingId, lines: linesOf(text, times) });
        usePad.setState({ unsent: null });
      } catch (failure) {
        usePad.setState({ unsent: failure });
        return false;
      }
    } while (again);
    return true;
  })().finally(() => (sending = null));
  sending = send;
  return send;
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

/**
 * A recording starts (empty, `from` 0) or a reloaded page takes one back (main's lines, and where
 * it goes on from). The pad takes typing from here on; a pad already open keeps its draft.
 */
export function openPad(recordingId: string, lines: readonly NoteLine[], from: number) {
  if (usePad.getState().recordingId === recordingId) return usePad.setState({ from });
  usePad.setState({ recordingId, text: lines.map((line) => line.text).join('\n'), times: lines.map((line) => line.at), from, unsent: null });
}
