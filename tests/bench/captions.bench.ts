import { readFileSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { audioFixtures } from '../support/audio';
import { openRecorder, openRecorderRig, skipNamePrompt, speechForCapture } from '../support/recorder';
import { openBridge } from './chat-bridge';
import { elapsedReaches } from './recording-page';

const RECORD_SECONDS = 120;
/** The fake service's time per caption: a short clip at a hosted service takes about this. */
const SERVICE_MS = 500;

interface Kept {
  seq: number;
  startSeconds: number;
  endSeconds: number;
  text: string;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

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
    const rig = await openRecorderRig({ wav: await speechForCapture(audio) });
    try {
      const { page, fake } = rig;
      const bridge = await openBridge(rig.app);
      // For this run only: a bench must never replace a key in the user's own keychain.
      await bridge.invoke('secrets:setKey', { key: fake.keys.pro, memoryOnly: true });
      await bridge.invoke('settings:update', { plan: 'pro' });
      bridge.close();
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
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByRole('button', { name: 'Start recording' }).waitFor({ timeout: 30_000 });

      const recordings = join(rig.app.dataDir, 'recordings');
      const [id] = readdirSync(recordings);
      const { startedAt } = JSON.parse(readFileSync(join(recordings, id!, 'manifest.json'), 'utf8')) as { startedAt: number };
      const folder = join(recordings, id!, 'captions');
      const kept = readdirSync(folder)
        .filter((name) => name.endsWith('.json'))
        .map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as Kept);
      const latencies = kept.filter((caption) => shown[caption.text] !== undefined).map((caption) => (shown[caption.text]! - (startedAt + caption.endSeconds * 1000)) / 1000);
      const lengths = kept.map((caption) => caption.endSeconds - caption.startSeconds).sort((a, b) => a - b);
      latencies.sort((a, b) => a - b);
      return [
        `captions: stretch's end in the audio → its caption shown in the page, ${latencies.length} captions over ${RECORD_SECONDS} s recorded, the fake service taking ${SERVICE_MS} ms each → ` +
          `p50 ${quantile(latencies, 0.5).toFixed(2)} s, p95 ${quantile(latencies, 0.95).toFixed(2)} s, max ${latencies.at(-1)!.toFixed(2)} s; ` +
          `stretches ${lengths[0]!.toFixed(1)}–${lengths.at(-1)!.toFixed(1)} s (median ${quantile(lengths, 0.5).toFixed(1)} s) (load ${load.map((value) => value.toFixed(1)).join(' → ')}) ` +
          `(target: speech → caption ≤ stretch length + 2 s, i.e. ≤ 2 s from the stretch's end)`,
      ];
    } finally {
      await rig.close();
    }
  } finally {
    await audio.close();
  }
}
