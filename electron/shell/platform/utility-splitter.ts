/**
 * The splitter's processes in Electron: a utility process per request (Chromium's child
 * process with Node), running the worker script bundled beside main.cjs. Node's
 * child_process.fork would need Electron to run as plain Node, which its RunAsNode fuse forbids.
 */
import { fileURLToPath } from 'node:url';
import { utilityProcess } from 'electron';
import { type StartSplitProcess, splitScript } from '../../core/services/audio-split';

export const utilitySplitProcess: StartSplitProcess = () => {
  const child = utilityProcess.fork(fileURLToPath(splitScript().url), [], { serviceName: 'Confab audio splitter', stdio: 'inherit' });
  // A fatal error (V8 out of memory) comes before the exit: it names the cause, and an
  // 'error' with no listener would throw in main.
  let fatal = '';
  child.on('error', (type, location) => (fatal = `: ${type} at ${location}`));
  return {
    send: (request) => child.postMessage(request),
    onAnswer: (listener) => child.on('message', listener),
    onExit: (listener) => child.once('exit', (code) => listener(`exit ${code}${fatal}`)),
    kill: () => {
      // A process not started yet cannot be killed (kill() is false without a pid): it is killed as it starts.
      if (!child.kill() && child.pid === undefined) child.once('spawn', () => child.kill());
    },
  };
};
