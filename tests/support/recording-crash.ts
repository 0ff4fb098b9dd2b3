// A recording killed with SIGKILL mid-way: a child process (fixtures/recording-child.ts) records
// into `dir` until it has reported `seconds` chunks written, then it is killed where it stands.
// With `notes`, it also types a line into the notes pad after each second (fixtures/recording-child.ts).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

export async function killMidRecording(dir: string, seconds: number, options: { notes?: boolean } = {}): Promise<{ id: string; written: number }> {
  const args = ['--disable-warning=ExperimentalWarning', '--import', 'tsx', resolve('tests/support/fixtures/recording-child.ts'), dir, ...(options.notes ? ['notes'] : [])];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let id = '';
  let written = 0;
  let output = '';
  await new Promise<void>((done, fail) => {
    child.on('exit', (code) => fail(new Error(`the recording process ended before the kill (${code})`)));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      id = /started (\S+)/.exec(output)?.[1] ?? id;
      written = [...output.matchAll(/written (\d+)/g)].length;
      if (written >= seconds) done();
    });
  });
  child.removeAllListeners('exit');
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGKILL');
  await exited;
  // Lines already in the pipe when the kill landed are chunks written too.
  written = [...output.matchAll(/written (\d+)/g)].length;
  return { id, written };
}
