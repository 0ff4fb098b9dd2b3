import { readFileSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { decodeChunkFrame } from '../../shared/contract/chunk-frame';
import { audioFixtures } from '../support/audio';
import { openRecorder, openRecorderRig, skipNamePrompt, speechForCapture } from '../support/recorder';
import type { MultipartLogBody } from '../fake-service/script';
import { captionEventsFigure } from './caption-events';
import { openBridge } from './chat-bridge';
import { elapsedReaches } from './recording-page';

const RECORD_SECONDS = 120;
/** The fake service's time per caption: a short clip at a hosted service takes about this. */
const SERVICE_MS = 500;
/** A live part a minute (four in use): one is encoded and sent while captions are measured, as one is every four minutes. */
const PART_SECONDS = 60;
/** A 16 kHz mono 16-bit WAV: what a part or clip was sent as before Opus. */
const wavBytes = (seconds: number) => 44 + Math.round(seconds * 16_000) * 2;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

interface Kept {
  seq: number;
  startSeconds: number;
  endSeconds: number;
  text: string;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
/** Main cuts a stretch once it holds this much after the stretch's end (0.5 s of quiet after the last loud window, 0.25 s of it in the stretch). */
const CUT_AFTER_END_SECONDS = 0.25;
const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${quantile(sorted, 0.5).toFixed(2)} s, p95 ${quantile(sorted, 0.95).toFixed(2)} s`;
};

/**
 * Issue 28's captions figure: the browser harness with Chromium's fake microphone playing speech
 * (about 9 s of it, then 1 s of quiet, in a loop), a Pro recording through the real recorder for
 * RECORD_SECONDS, the fake service answering each caption in SERVICE_MS with a text of its own.
 * Each caption's latency is from the end of its stretch in the audio (the recording's start in
 * main plus the stretch's end) to the moment its text appeared in the page (a MutationObserver's
 * clock: one machine, one wall clock). Printed; nothing fails a run.
 */
export async function captionsBench(): Promise<string[]> {
  const audio = await audioFixtures();
  try {
    const rig = await openRecorderRig({ wav: await speechForCapture(audio), livePartSeconds: PART_SECONDS });
    try {
      const { page, fake } = rig;
      const bridge = await openBridge(rig.app);
      // For this run only: a bench must never replace a key in the user's own keychain.
      await bridge.invoke('secrets:setKey', { key: fake.keys.pro, memoryOnly: true });
      await bridge.invoke('settings:update', { plan: 'pro' });
      bridge.close();
      // Each chunk the page sends, as main's frames up to its end and when it left the page (the trace's first share):
      // watched from the reload on, since the page's socket is seen only when it opens.
      const chunks: Array<{ frames: number; at: number }> = [];
      page.on('websocket', (socket) =>
        socket.on('framesent', ({ payload }) => {
          const chunk = typeof payload === 'string' ? null : decodeChunkFrame(payload);
          if (chunk) chunks.push({ frames: (chunks.at(-1)?.frames ?? 0) + chunk.pcm.length / 2, at: Date.now() });
        }),
      );
      await page.reload();
      await openRecorder(page);
      await skipNamePrompt(page);
      fake.setLatency(SERVICE_MS);
      for (let n = 0; n < 400; n++) fake.transcription.next({ text: `Caption ${n + 1}.` });
      await page.evaluate(() => {
        const shown: Record<string, number> = {};
        Object.assign(window, { shownCaptions: shown });
        new MutationObserver(() => {
          for (const words of document.querySelectorAll('.rec-line.provisional .rec-words')) shown[words.textContent ?? ''] ??= Date.now();
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      const load = [loadavg()[0]!];
      await page.getByRole('button', { name: 'Start recording' }).click();
      await elapsedReaches(page, RECORD_SECONDS);
      const shown = await page.evaluate(() => (window as unknown as { shownCaptions: Record<string, number> }).shownCaptions);
      load.push(loadavg()[0]!);
      // Read before Stop: the captions folder goes with the recording's end.
      const recordings = join(rig.app.dataDir, 'recordings');
      const [id] = readdirSync(recordings);
      const { startedAt } = JSON.parse(readFileSync(join(recordings, id!, 'manifest.json'), 'utf8')) as { startedAt: number };
      const folder = join(recordings, id!, 'captions');
      const kept = readdirSync(folder)
        .filter((name) => name.endsWith('.json'))
        .map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as Kept);
      const cuts = (JSON.parse(readFileSync(join(recordings, id!, 'live', 'cuts.json'), 'utf8')) as { cuts: Array<{ index: number; startSample: number; endSample: number }> }).cuts;
      const uploads = fake.requests.filter((request) => request.path === '/v1/audio/transcriptions').map((request) => (request.body as MultipartLogBody).file!);
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByRole('button', { name: 'Start recording' }).waitFor({ timeout: 30_000 });

      // Bytes up per recorded hour: each clip and live part as sent, against its WAV (its seconds at 16 kHz, 16-bit).
      const spans = new Map(kept.map((caption) => [caption.seq, caption.endSeconds - caption.startSeconds]));
      const sent = { captions: 0, captionsWav: 0, parts: 0, partsWav: 0, partSeconds: 0 };
      for (const file of uploads) {
        const clip = /^(\d{6})-mic\.(wav|webm)$/.exec(file.filename);
        const part = /^part (\d+)\.(wav|webm)$/.exec(file.filename);
        const seconds = clip ? spans.get(Number(clip[1])) : part ? (cuts[Number(part[1]) - 1]!.endSample - cuts[Number(part[1]) - 1]!.startSample) / 16_000 : undefined;
        if (seconds === undefined) continue;
        if (clip) Object.assign(sent, { captions: sent.captions + file.size, captionsWav: sent.captionsWav + wavBytes(seconds) });
        else Object.assign(sent, { parts: sent.parts + file.size, partsWav: sent.partsWav + wavBytes(seconds), partSeconds: sent.partSeconds + seconds });
      }
      const hour = 3600 / RECORD_SECONDS;
      // The live parts carry every second recorded: their bytes a second, over the hour.
      const partsHour = (sent.parts / sent.partSeconds) * 3600;
      const partsWavHour = (sent.partsWav / sent.partSeconds) * 3600;
      const [before, now] = [sent.captionsWav * hour + partsWavHour, sent.captions * hour + partsHour];
      const latencies = kept.filter((caption) => shown[caption.text] !== undefined).map((caption) => (shown[caption.text]! - (startedAt + caption.endSeconds * 1000)) / 1000);
      // Under load Chromium's fake microphone falls behind the wall clock (by seconds over 120 s at load 15-20), so
      // `startedAt` plus the audio's seconds drifts late. Each stretch's end is also anchored where it was captured:
      // no later than any chunk holding it left the page less the audio after it in that chunk (the least of these;
      // the same bound whatever the chunks' sizes, so both ways of handing audio over are measured alike).
      const capturedAt = (seconds: number) =>
        Math.min(...chunks.filter((sent) => sent.frames >= seconds * 16_000).map((sent) => sent.at - (sent.frames / 16_000 - seconds) * 1000));
      // Where the time goes: the stretch's end → the chunk that lets main cut it leaving the page, and from there → shown.
      const traced = kept.flatMap((caption) => {
        const chunk = chunks.find((sent) => sent.frames >= (caption.endSeconds + CUT_AFTER_END_SECONDS) * 16_000);
        const end = capturedAt(caption.endSeconds);
        return chunk && shown[caption.text] !== undefined ? [{ toMain: (chunk.at - end) / 1000, rest: (shown[caption.text]! - chunk.at) / 1000, drift: (end - startedAt) / 1000 - caption.endSeconds }] : [];
      });
      const lengths = kept.map((caption) => caption.endSeconds - caption.startSeconds).sort((a, b) => a - b);
      latencies.sort((a, b) => a - b);
      return [
        `captions: stretch's end in the audio → its caption shown in the page, ${latencies.length} captions over ${RECORD_SECONDS} s recorded, the fake service taking ${SERVICE_MS} ms each → ` +
          `p50 ${quantile(latencies, 0.5).toFixed(2)} s, p95 ${quantile(latencies, 0.95).toFixed(2)} s, max ${latencies.at(-1)!.toFixed(2)} s; ` +
          `stretches ${lengths[0]!.toFixed(1)}–${lengths.at(-1)!.toFixed(1)} s (median ${quantile(lengths, 0.5).toFixed(1)} s) (load ${load.map((value) => value.toFixed(1)).join(' → ')}) ` +
          `(target: speech → caption ≤ stretch length + 2 s, i.e. ≤ 2 s from the stretch's end)`,
        `captions: anchored where each stretch's end was captured instead: ${spread(traced.map((t) => t.toMain + t.rest))}; that capture came ${traced[0]!.drift.toFixed(2)} → ${traced.at(-1)!.drift.toFixed(2)} s after startedAt plus its seconds`,
        `captions: where the time goes, ${traced.length} captions: the stretch's end (captured) → the chunk main cuts it from leaving the page ${spread(traced.map((t) => t.toMain))}; ` +
          `that chunk → the caption shown (main's write and cut, the Opus encode, the service, the page) ${spread(traced.map((t) => t.rest))}; ` +
          `chunks sent ${chunks.length} (${(chunks.length / RECORD_SECONDS).toFixed(2)} a second, ${chunks.filter((sent, index) => sent.frames - (chunks[index - 1]?.frames ?? 0) < 16_000).length} under a second); ` +
          `each: ${traced.map((t) => t.toMain.toFixed(2)).join(' ')}`,
        `upload per recorded hour (live parts + caption clips, speech as the fake microphone plays it): WAV ${mb(before)} (parts ${mb(partsWavHour)}, captions ${mb(sent.captionsWav * hour)}) → ` +
          `Opus in WebM ${mb(now)} (parts ${mb(partsHour)}, captions ${mb(sent.captions * hour)}) = 1/${(before / now).toFixed(1)} (target ≤ 1/8)`,
        await captionEventsFigure(),
      ];
    } finally {
      await rig.close();
    }
  } finally {
    await audio.close();
  }
}
