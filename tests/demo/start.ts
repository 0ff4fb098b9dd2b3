// `npm run demo`: Confab against the bundled fake service, with a demo key already stored and a
// sample recording, so anyone can try every feature without an account. Everything lives in a
// fresh temp folder that is removed when the demo stops (Ctrl+C). The browser harness is used,
// unless an Electron binary is installed (then the desktop app starts, and the key is pasted).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startHarness } from '../../electron/web/harness';
import { startFakeService } from '../fake-service/server';
import { memoryKeytar } from '../support/memory-keytar';
import { sampleWav } from './sample-audio';

const port = Number(process.env.PORT ?? 0);
const folder = await mkdtemp(join(tmpdir(), 'confab-demo-'));
const dataDir = join(folder, 'data');
await mkdir(dataDir);
const sample = join(folder, 'Sample recording.wav');
await writeFile(sample, sampleWav());
// A person watches the text arrive, so the stream is paced like a real model's.
const fake = await startFakeService({ defaultIntervalMs: 30 });

/**
 * The Electron binary if it was downloaded. Read from the package's path.txt rather than by
 * requiring `electron`, which tries to download a missing binary (and fails on a closed network).
 */
function electronBinary(): string | null {
  if (process.env.CONFAB_DEMO_BROWSER === '1') return null;
  try {
    const dir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
    const path = join(dir, 'dist', readFileSync(join(dir, 'path.txt'), 'utf8').trim());
    return existsSync(path) ? path : null;
  } catch {
    // No path.txt: the binary was never installed.
    return null;
  }
}

let stopApp: () => Promise<void>;
const binary = electronBinary();
if (binary) {
  const child = spawn(binary, ['.'], { stdio: 'inherit', env: { ...process.env, APP_DATA_DIR: dataDir, APP_BASE_URL: fake.baseUrl } });
  stopApp = async () => void child.kill();
  child.on('exit', () => void stop());
  console.log(`Confab demo (desktop app)
  Paste this demo key in Settings → API key: ${fake.keys.pro}`);
} else {
  // The demo never touches the system keychain: its key is saved as a run-only key, so Settings
  // says where it truly is, and the keychain stand-in holds only what a user adds (MCP secrets).
  const harness = await startHarness({ userDataDir: dataDir, initialBaseUrl: fake.baseUrl, port, keytar: memoryKeytar() });
  const sink = { send: () => undefined };
  for (const [channel, payload] of [
    ['secrets:setKey', { key: fake.keys.pro, memoryOnly: true }],
    ['settings:update', { plan: 'pro' }],
  ] as const) {
    const result = await harness.core.router.invoke(channel, payload, sink);
    if (!result.ok) throw new Error(`The demo could not prepare ${channel}: ${result.error.message}`);
  }
  stopApp = () => harness.close();
  console.log(`Confab demo: open ${harness.url}`);
}
console.log(`  Fake service: ${fake.baseUrl} (a Pro demo key is kept in memory for this run; chat, Pro chat with MCP tools and transcription all work)
  Sample recording to drop on Transcription: ${sample}
  Everything is removed when you press Ctrl+C.`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await stopApp();
  await fake.close();
  await rm(folder, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
