// A child process running one of the fixtures (tests/support/fixtures) under tsx, for tests that
// kill main's work with SIGKILL where it stands: the kill -9 of a recording, of notes being made.
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

export interface KillableChild {
  /** Everything the child wrote on stdout so far. */
  output(): string;
  /** Resolves once `ready` holds (checked on each stdout chunk); rejects if the child ends first. */
  until(ready: (output: string) => boolean): Promise<void>;
  /** SIGKILL, resolved once the process is gone. */
  kill(): Promise<void>;
}

export function startChild(fixture: string, args: string[]): KillableChild {
  const child: ChildProcess = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', '--import', 'tsx', resolve('tests/support/fixtures', fixture), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  return {
    output: () => output,
    until: (ready) =>
      new Promise<void>((done, fail) => {
        const check = () => {
          if (!ready(output)) return;
          child.off('exit', ended);
          child.stdout!.off('data', check);
          done();
        };
        const ended = (code: number | null) => (child.stdout!.off('data', check), fail(new Error(`${fixture} ended before the kill (${code})`)));
        child.on('exit', ended);
        child.stdout!.on('data', check);
        check();
        if (child.exitCode !== null || child.signalCode !== null) ended(child.exitCode);
      }),
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
