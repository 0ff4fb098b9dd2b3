import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export interface LockedKeyring {
  /** For the app's environment: its Secret Service is this one. */
  busAddress: string;
  close(): Promise<void>;
}

const run = promisify(execFile);

export function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A D-Bus session of its own, its socket in `dir`; it starts gnome-keyring when asked for a Secret Service. */
export async function startBus(dir: string, env: NodeJS.ProcessEnv, name: string) {
  const bus = spawn('dbus-daemon', ['--session', '--nofork', `--address=unix:path=${join(dir, name)}`, '--print-address=1'], {
    env,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const address = await new Promise<string>((resolve, reject) => {
    bus.stdout!.once('data', (chunk) => resolve(String(chunk).split('\n')[0]!));
    bus.once('exit', (code) => reject(new Error(`dbus-daemon exited with ${code}`)));
  });
  return { bus, address };
}

/**
 * A Secret Service whose login keyring is locked and whose unlock prompt cannot be shown (there is
 * no display), on a D-Bus session of its own: what Confab meets on a desktop whose keyring was not
 * unlocked at login. `secrets` are written while the keyring is still unlocked, as an earlier run did.
 * Needs dbus-daemon, gdbus and gnome-keyring-daemon (Linux, as tests/with-keyring.sh).
 */
export async function startLockedKeyring(secrets: Array<{ service: string; account: string; password: string }>): Promise<LockedKeyring> {
  const dir = await mkdtemp(join(tmpdir(), 'confab-locked-keyring-'));
  // Everything the keyring keeps, its control socket included, stays in `dir`, away from the test session's.
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_DATA_HOME: dir, XDG_RUNTIME_DIR: dir, DISPLAY: '', WAYLAND_DISPLAY: '' };
  delete env.DBUS_SESSION_BUS_ADDRESS;
  delete env.GNOME_KEYRING_CONTROL;

  // First the login keyring is made, unlocked with a password as a login does, and given the secrets.
  const first = await startBus(dir, env, 'unlocked-bus');
  const unlocked = { ...env, DBUS_SESSION_BUS_ADDRESS: first.address };
  const daemon = spawn('gnome-keyring-daemon', ['--foreground', '--unlock', '--components=secrets'], { env: unlocked, stdio: ['pipe', 'ignore', 'ignore'] });
  daemon.stdin!.end('confab-test');
  try {
    await run('gdbus', ['wait', '--session', '--timeout', '20', 'org.freedesktop.secrets'], { env: unlocked });
    const write = `const k = require('@napi-rs/keyring/keytar.js'); (async () => { for (const s of ${JSON.stringify(secrets)}) await k.setPassword(s.service, s.account, s.password); })();`;
    await run(process.execPath, ['-e', write], { env: unlocked });
  } finally {
    await stopped(daemon);
    await stopped(first.bus);
  }

  // Then a new session, as after a login that did not unlock it: the keyring starts locked. It is
  // started here rather than by the bus, so that it is this process's child and ends with the test.
  const second = await startBus(dir, env, 'locked-bus');
  const locked = { ...env, DBUS_SESSION_BUS_ADDRESS: second.address };
  const lockedDaemon = spawn('gnome-keyring-daemon', ['--foreground', '--components=secrets'], { env: locked, stdio: 'ignore' });
  await run('gdbus', ['wait', '--session', '--timeout', '20', 'org.freedesktop.secrets'], { env: locked });
  return {
    busAddress: second.address,
    async close() {
      await stopped(lockedDaemon);
      await stopped(second.bus);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
