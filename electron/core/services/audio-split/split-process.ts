/**
 * Where a splitter request runs: a process of its own, which gives all its memory back to the
 * system when it exits. With worker threads, kept or fresh, main grew with every part it
 * split: the codecs' native buffers stay with a process after the thread that made them ends
 * (glibc keeps each thread's malloc arena). A bundle finds the script (worker.ts) built beside
 * it: beside main.cjs for Electron (build/bundle-electron.mjs), beside start.mjs for the browser
 * harness (build/bundle-web.mjs); from source (tests, the bench) the TypeScript file loads through tsx.
 */
import { fork } from 'node:child_process';
import type { SplitAnswer, SplitRequest } from './protocol';

/** One process answering the request sent to it (run-request.ts). */
export interface SplitProcess {
  send(request: SplitRequest): void;
  onAnswer(listener: (answer: SplitAnswer) => void): void;
  /** Called once when it ends, whatever the cause (`detail`: the error or exit code). */
  onExit(listener: (detail: string) => void): void;
  /** Ends it at once; `onExit` follows. */
  kill(): void;
}

export type StartSplitProcess = () => SplitProcess;

/** The worker script and what Node needs to run it. */
export function splitScript(): { url: URL; execArgv: string[] } {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return { url: new URL('./audio-split-worker.cjs', here), execArgv: [] };
  return { url: new URL('./worker.ts', here), execArgv: ['--import', 'tsx'] };
}

/**
 * A Node child process: the browser harness, tests and the bench. Electron's own binary cannot
 * run as Node (its RunAsNode fuse is off), so Electron uses a utility process instead
 * (electron/shell/platform/utility-splitter.ts). 'advanced' serialization carries a plan's levels as
 * a Float32Array, as a utility process's messages do.
 */
export function nodeSplitProcess(): SplitProcess {
  const script = splitScript();
  const child = fork(script.url, [], { execArgv: script.execArgv, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const kill = () => child.kill('SIGKILL');
  return {
    send: (request) => child.send(request),
    onAnswer: (listener) => child.on('message', (answer) => listener(answer as SplitAnswer)),
    onExit: (listener) => {
      // 'error' (it could not start, or a message could not be sent) is followed by 'exit' only
      // when the process ran: either way it is ended, and the listener hears of it once.
      let told = false;
      const tell = (detail: string) => {
        if (!told) listener(detail);
        told = true;
      };
      child.on('error', (error) => {
        kill();
        if (child.pid === undefined) tell(error.message);
      });
      child.once('exit', (code, signal) => tell(`exit ${signal ?? code}`));
    },
    kill,
  };
}
