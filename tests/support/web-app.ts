import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export interface WebApp {
  /** The printed URL, token included. */
  url: string;
  origin: string;
  token: string;
  dataDir: string;
  /** Everything the process printed, to check that no secret is logged (and consent questions). */
  output(): string;
  /**
   * With `answersConsent`: how many consent questions the terminal has printed, and a way to
   * type an answer there (a line on the child's stdin), as the user at that terminal would.
   */
  consentQuestions(): number;
  answerConsent(answer: 'y' | 'n'): void;
  stop(): Promise<void>;
  /** Ends the process at once, as a crash or a force quit does: nothing of its own shutdown runs. */
  kill(): Promise<void>;
  /**
   * Under `limitFileBlocks`: the largest file the running harness may write from now on, in
   * bytes (0: every write fails, as on a full disk), or null for no limit (the disk has room again).
   */
  limitFiles(bytes: number | null): Promise<void>;
  /** Stops the app and deletes its data folder if startWebApp made it (one passed in is the caller's). */
  close(): Promise<void>;
}

/** `npm run web`'s bundle (build/bundle-web.mjs), built by `npm run build`: one file to load, where tsx transformed the core at every start. */
export const WEB_ENTRY = 'dist/web/start.mjs';

/** What the bundle is built from: editing one of these and starting the old bundle would test yesterday's code. */
const BUNDLED_SOURCES = ['electron', 'shared'];

let built: Promise<void> | undefined;

/** Fails with what to do when the bundle is missing or older than a source it is built from (checked once per file). */
function assertBuilt(): Promise<void> {
  built ??= (async () => {
    const bundle = await stat(WEB_ENTRY).catch(() => null);
    if (!bundle) throw new Error(`${WEB_ENTRY} is missing: run \`npm run build\` before the e2e tests.`);
    for (const dir of BUNDLED_SOURCES) {
      for (const name of await readdir(dir, { recursive: true })) {
        if ((await stat(join(dir, name))).mtimeMs > bundle.mtimeMs) {
          throw new Error(`${join(dir, name)} changed after ${WEB_ENTRY} was built: run \`npm run build\` (or \`npm run build:web\`) again.`);
        }
      }
    }
  })();
  return built;
}

/** How the terminal frames each question, in any language (terminal-consent.ts). */
const QUESTION = '\n=== ';

/**
 * Starts what `npm run web` starts (after its build, which `npm test` has done once):
 * the main-process core behind the WebSocket bridge, configured by environment. Its stdin is
 * no terminal, so it refuses every consent question, unless `answersConsent` pipes the
 * test's answers in (CONFAB_CONSENT_STDIN=1).
 */
export async function startWebApp(
  env: { APP_BASE_URL?: string; APP_DATA_DIR?: string; HTTP_PROXY?: string; DBUS_SESSION_BUS_ADDRESS?: string } = {},
  options: { answersConsent?: boolean; limitFileBlocks?: number | 'unlimited'; livePartSeconds?: number; keyRetrySeconds?: number } = {},
): Promise<WebApp> {
  await assertBuilt();
  const madeDataDir = !env.APP_DATA_DIR;
  const dataDir = env.APP_DATA_DIR ?? (await mkdtemp(join(tmpdir(), 'confab-data-')));
  const command = [process.execPath, '--disable-warning=ExperimentalWarning', WEB_ENTRY];
  // A file size limit (in 512-byte blocks) for every file the harness writes: a write past it
  // fails with EFBIG as on a full disk (SIGXFSZ ignored, so the process lives to say so). Only the
  // soft limit, so limitFiles() can move it while the harness runs ('unlimited': none until then).
  const [file, ...args] =
    options.limitFileBlocks === undefined ? command : ['sh', '-c', `trap '' XFSZ; ulimit -S -f ${options.limitFileBlocks}; exec "$@"`, 'sh', ...command];
  const child: ChildProcess = spawn(file!, args, {
    env: {
      ...process.env,
      PORT: '0',
      APP_DATA_DIR: dataDir,
      ...(env.APP_BASE_URL ? { APP_BASE_URL: env.APP_BASE_URL } : {}),
      // A proxy for every host, the fake service on 127.0.0.1 included.
      ...(env.HTTP_PROXY ? { HTTP_PROXY: env.HTTP_PROXY, NO_PROXY: '' } : {}),
      ...(options.answersConsent ? { CONFAB_CONSENT_STDIN: '1' } : {}),
      // Parts of a few seconds for a recording transcribed while it runs.
      ...(options.livePartSeconds ? { CONFAB_LIVE_PART_SECONDS: String(options.livePartSeconds) } : {}),
      // How often main retries keychain deletions that failed (a minute otherwise).
      ...(options.keyRetrySeconds ? { CONFAB_KEY_RETRY_SECONDS: String(options.keyRetrySeconds) } : {}),
      // Another Secret Service than the test session's, such as a locked one (locked-keyring.ts).
      ...(env.DBUS_SESSION_BUS_ADDRESS ? { DBUS_SESSION_BUS_ADDRESS: env.DBUS_SESSION_BUS_ADDRESS } : {}),
    },
    stdio: [options.answersConsent ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));

  const started = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`web app did not start:\n${output}`)), 20_000);
    child.stdout!.on('data', () => {
      const match = /Confab is running at (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.on('exit', (code) => reject(new Error(`web app exited with ${code}:\n${output}`)));
  });
  const url = await started.catch(async (error: unknown) => {
    // A harness that never started leaves nothing behind either.
    child.kill('SIGKILL');
    if (madeDataDir) await rm(dataDir, { recursive: true, force: true });
    throw error;
  });

  const parsed = new URL(url);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return {
    url,
    origin: parsed.origin,
    token: new URLSearchParams(parsed.hash.slice(1)).get('token')!,
    dataDir,
    output: () => output,
    consentQuestions: () => output.split(QUESTION).length - 1,
    answerConsent(answer) {
      if (!child.stdin) throw new Error('Start the web app with answersConsent to answer its consent questions.');
      child.stdin.write(`${answer}\n`);
    },
    stop,
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
    async limitFiles(bytes) {
      if (options.limitFileBlocks === undefined) throw new Error('Start the web app with limitFileBlocks to limit its files.');
      // util-linux's prlimit: Node cannot set another process's limits. The shell exec'd node, so the pid is the harness's.
      await promisify(execFile)('prlimit', [`--pid=${child.pid}`, `--fsize=${bytes ?? 'unlimited'}:`]);
    },
    async close() {
      await stop();
      if (madeDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
