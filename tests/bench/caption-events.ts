import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_JOB_REQUEST } from '../../shared/contract/jobs';
import type { LiveChange, Recording } from '../../shared/contract/recording';
import { createLiveCaptions } from '../../electron/core/services/live-captions/live-captions';
import { speech } from '../support/live-audio';

const HOURS = 3;
const RATE = 16_000;
/** The live parts' four minutes: each done part replaces the captions in its span, as the recording's own transcript comes. */
const PART_SECONDS = 240;
const words = (n: number) => `Caption ${n}: the quarterly numbers are in and the launch moves to March.`;

/**
 * Issue 36's figure for the captions stream: a 3-hour meeting (speech with a pause every 5–9 s)
 * heard by the live captions as fast as it is cut, each clip answered at once, a four-minute
 * part done every four minutes with a segment every 5 s. Measures the bytes of each
 * `recording.captions` event (its JSON, as it crosses to the page) in the first and the last
 * ten minutes, and what the whole transcript (sent on every change before) would have been then.
 */
export async function captionEventsFigure(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'confab-bench-events-'));
  try {
    let answered = 0;
    const captions = createLiveCaptions({
      enabled: () => true,
      transcribe: async () => ({ ok: true, transcript: { format: 'json' as const, raw: '', text: words(++answered), segments: [], words: [], language: 'en', duration: 0 } }),
      defaults: () => DEFAULT_JOB_REQUEST,
      speakerNames: () => [],
      sides: () => ({ mic: 'Me', others: 'Others' }),
    });
    const sizes: Array<{ at: number; change: number; whole: number }> = [];
    let heardTo = 0;
    const stop = new AbortController();
    void captions.watch((change: LiveChange) => sizes.push({ at: heardTo, change: JSON.stringify(change).length, whole: JSON.stringify(captions.view()).length }), stop.signal);
    const recording: Recording = { id: 'bench', startedAt: Date.now(), state: 'recording', tracks: ['mic'], seconds: 0, markers: [], notices: [], problem: null, jobId: null, whoSpoke: null };
    const feed = captions.open(recording, dir);
    const minute = 60;
    const pauses = Array.from({ length: minute / 5 }, (_, n) => n * 7 + 5 + (n % 3)).filter((at) => at < minute).map((at) => [at, at + 0.6] as const);
    const audio = speech(minute, pauses);
    for (let second = 0; second < HOURS * 3600; second++) {
      const at = second % minute;
      feed.heard([audio.subarray(at * RATE * 2, (at + 1) * RATE * 2)], second * RATE);
      heardTo = second + 1;
      if (heardTo % PART_SECONDS === 0) {
        const index = heardTo / PART_SECONDS - 1;
        // A segment every 5 s, as a service's verbose answer has them.
        const segments = Array.from({ length: PART_SECONDS / 5 }, (_, id) => ({ id, start: id * 5, end: id * 5 + 4.5, text: words(index * 100 + id) }));
        const transcript = { format: 'verbose_json' as const, raw: '', text: segments.map((segment) => segment.text).join(' '), segments, words: [], language: 'en', duration: PART_SECONDS };
        captions.partDone('bench', { index, startSeconds: index * PART_SECONDS, endSeconds: heardTo, transcript });
      }
      // The clips go to disk and the "service" between seconds, as they would while recording.
      if (second % 10 === 0) await sleep(5);
    }
    await feed.ended(recording);
    stop.abort();
    const within = (from: number, to: number) => sizes.filter((size) => size.at > from && size.at <= to);
    const stat = (list: typeof sizes, key: 'change' | 'whole') => {
      const values = list.map((size) => size[key]).sort((a, b) => a - b);
      return `median ${values[Math.floor(values.length / 2)]} B, max ${values.at(-1)} B`;
    };
    const [first, last] = [within(0, 600), within(HOURS * 3600 - 600, HOURS * 3600)];
    return (
      `caption events over a ${HOURS} h meeting (${sizes.length} events, ${answered} captions, a part done every ${PART_SECONDS / 60} min): ` +
      `first 10 min ${stat(first, 'change')}, last 10 min ${stat(last, 'change')} ` +
      `(the whole transcript, as each event carried before: first 10 min ${stat(first, 'whole')}, last 10 min ${stat(last, 'whole')})`
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
