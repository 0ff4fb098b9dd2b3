import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { DesktopEvent } from '../../../shared/contract/desktop';
import type { MultipartLogBody } from '../../fake-service/script';
import { startFakeService, type FakeService } from '../../fake-service/server';
import { makeWav } from '../../fake-service/testing';
import { memoryKeytar } from '../../support/memory-keytar';
import { testFolder } from '../../support/temp-folder';

// Files opened from the OS, from Electron's event to the fake service: the shell (Electron
// mocked) hands them to a real core, which queues them with the settings' defaults. No page.
const fakes = vi.hoisted(() => ({ appListeners: new Map<string, (...args: unknown[]) => void>() }));
vi.mock('electron', () => ({
  app: {
    requestSingleInstanceLock: () => true,
    isPackaged: false,
    name: 'Confab',
    on: (event: string, listener: (...args: unknown[]) => void) => fakes.appListeners.set(event, listener),
    setBadgeCount: vi.fn(),
    getVersion: () => '0.1.0',
  },
  Menu: { buildFromTemplate: vi.fn(), setApplicationMenu: vi.fn() },
  Notification: { isSupported: () => false },
  clipboard: { writeText: vi.fn() },
  dialog: { showMessageBox: vi.fn(), showOpenDialog: vi.fn() },
  shell: { openPath: vi.fn() },
}));
vi.mock('electron-updater', () => ({ autoUpdater: { on: vi.fn(), checkForUpdates: vi.fn(), quitAndInstall: vi.fn() } }));
vi.mock('../../../electron/shell/desktop/file-log', () => ({ startFileLog: (dir: string) => path.join(dir, 'logs') }));

const { createDesktopShell } = await import('../../../electron/shell/desktop/shell');
const { createCore } = await import('../../../electron/core/core');
type Core = Awaited<ReturnType<typeof createCore>>;

let fake: FakeService;
const window = () => ({ isDestroyed: () => false, isMinimized: () => false, restore: vi.fn(), show: vi.fn(), focus: vi.fn(), on: vi.fn(), webContents: { on: vi.fn() } });
const sink = { send: () => undefined };

beforeAll(async () => {
  fake = await startFakeService();
});
afterAll(() => fake.close());

/** A core on a fresh data folder with the plan's key, attached to a shell as main.ts does; the page never connects. */
async function openApp(plan: 'free' | 'pro'): Promise<{ core: Core; dir: string; events: DesktopEvent[] }> {
  const dir = await testFolder('confab-opened-');
  const dataDir = path.join(dir, 'data');
  const core = await createCore({ userDataDir: dataDir, initialBaseUrl: fake.baseUrl, keytar: memoryKeytar() });
  onTestFinished(() => core.close());
  const invoke = async (channel: string, payload?: unknown) => {
    const result = await core.router.invoke(channel, payload, sink);
    if (!result.ok) throw new Error(result.error.message);
  };
  await invoke('settings:update', { plan });
  await invoke('secrets:setKey', { key: fake.keys[plan], memoryOnly: true });
  await invoke('settings:setTranscriptionDefaults', { request: { model: 'speech-1', language: 'de', prompt: 'Sitzung', responseFormat: 'json', granularities: [] } });
  const events: DesktopEvent[] = [];
  void core.desktop.watch((event) => events.push(event), AbortSignal.timeout(60_000));
  const shell = createDesktopShell(dir);
  shell.attach(core as never, window() as never);
  return { core, dir, events };
}

const uploads = () => fake.requests.filter((request) => request.path.startsWith('/v1/audio/transcriptions'));
const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('files opened from the OS, through the core alone', () => {
  it('on Pro, a second launch\'s recording is queued by main with the transcription defaults and uploaded', async () => {
    const { core, dir, events } = await openApp('pro');
    const wav = makeWav(2000);
    writeFileSync(path.join(dir, 'standup.wav'), wav);
    const before = uploads().length;

    fakes.appListeners.get('second-instance')!({}, ['/opt/Confab/confab', 'standup.wav'], dir);

    await expect.poll(() => core.jobs.list().find((job) => job.fileName === 'standup.wav')?.state, { timeout: 15_000 }).toBe('done');
    const [upload] = uploads().slice(before);
    const body = upload!.body as MultipartLogBody;
    expect(body.file).toMatchObject({ sha256: digest(wav) });
    expect(body.fields).toMatchObject({ model: 'speech-1', language: 'de', prompt: 'Sitzung', response_format: 'json' });
    const job = core.jobs.list().find((j) => j.fileName === 'standup.wav')!;
    expect(events).toContainEqual({ type: 'opened', queued: [job.id], needsPro: [], refused: [] });
  });

  it('on Free, nothing is uploaded: main keeps the file staged and tells the page it needs Pro', async () => {
    const { core, dir, events } = await openApp('free');
    writeFileSync(path.join(dir, 'memo.wav'), makeWav(1000));
    const before = uploads().length;

    fakes.appListeners.get('open-file')!({ preventDefault: () => undefined }, path.join(dir, 'memo.wav'));

    await expect.poll(() => events.find((event) => event.type === 'opened')).toMatchObject({ queued: [], needsPro: [{ name: 'memo.wav' }], refused: [] });
    expect(core.jobs.list()).toEqual([]);
    expect(uploads().length).toBe(before);
  });
});
