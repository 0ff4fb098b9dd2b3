import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startBus, stopped } from './locked-keyring';

export interface KillableKeyring {
  /** For the app's environment; the same address leads to the keyring after `revive`. */
  busAddress: string;
  /** Ends the keyring and its bus at once, as a crashed or stopped gnome-keyring on a desktop. */
  kill(): Promise<void>;
  /** Starts them again on the same address, over the same (unlocked) login keyring. */
  revive(): Promise<void>;
  /** What the keyring holds under `service` and `account`, asked from another process. */
  secret(service: string, account: string): Promise<string | null>;
  setSecret(service: string, account: string, password: string): Promise<void>;
  close(): Promise<void>;
}

const run = promisify(execFile);

/**
 * An unlocked gnome-keyring on a D-Bus session of its own that a test can kill and bring back,
 * keeping what it holds (its files stay in its folder). Needs what locked-keyring.ts needs.
 */
export async function startKillableKeyring(): Promise<KillableKeyring> {
  const dir = await mkdtemp(join(tmpdir(), 'confab-killable-keyring-'));
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_DATA_HOME: dir, XDG_RUNTIME_DIR: dir, DISPLAY: '', WAYLAND_DISPLAY: '' };
  delete env.DBUS_SESSION_BUS_ADDRESS;
  delete env.GNOME_KEYRING_CONTROL;
  // Without the bus's guid, so that the address still leads to the bus started again.
  const busAddress = `unix:path=${join(dir, 'bus')}`;
  const withBus = { ...env, DBUS_SESSION_BUS_ADDRESS: busAddress };
  let running: Array<ChildProcess> = [];

  async function start() {
    const { bus } = await startBus(dir, env, 'bus');
    const daemon = spawn('gnome-keyring-daemon', ['--foreground', '--unlock', '--components=secrets'], { env: withBus, stdio: ['pipe', 'ignore', 'ignore'] });
    daemon.stdin!.end('confab-test');
    running = [daemon, bus];
    await run('gdbus', ['wait', '--session', '--timeout', '20', 'org.freedesktop.secrets'], { env: withBus });
  }
  const kill = async () => {
    for (const child of running.splice(0)) await stopped(child);
  };
  const keytar = async (script: string) =>
    (await run(process.execPath, ['-e', `const k = require('@napi-rs/keyring/keytar.js'); (async () => { ${script} })();`], { env: withBus })).stdout;

  await start();
  return {
    busAddress,
    kill,
    revive: start,
    secret: async (service, account) => JSON.parse(await keytar(`console.log(JSON.stringify(await k.getPassword(${JSON.stringify(service)}, ${JSON.stringify(account)})));`)),
    setSecret: async (service, account, password) =>
      void (await keytar(`await k.setPassword(${JSON.stringify(service)}, ${JSON.stringify(account)}, ${JSON.stringify(password)});`)),
    async close() {
      await kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
