// A recording killed with SIGKILL mid-way: a child process (fixtures/recording-child.ts) records
// into `dir` until it has reported `seconds` chunks written, then it is killed where it stands.
// With `notes`, it also types a line into the notes pad after each second; with `micOnly`, it records the microphone alone (fixtures/recording-child.ts).
import { startChild } from './killable-child';

const writtenIn = (output: string) => [...output.matchAll(/written (\d+)/g)].length;

export async function killMidRecording(dir: string, seconds: number, options: { notes?: boolean; micOnly?: boolean } = {}): Promise<{ id: string; written: number }> {
  const child = startChild('recording-child.ts', [dir, ...(options.notes ? ['notes'] : []), ...(options.micOnly ? ['mic'] : [])]);
  await child.until((output) => writtenIn(output) >= seconds);
  await child.kill();
  // Lines already in the pipe when the kill landed are chunks written too.
  return { id: /started (\S+)/.exec(child.output())?.[1] ?? '', written: writtenIn(child.output()) };
}
