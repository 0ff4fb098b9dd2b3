/**
 * How the splitter's script (worker.ts) hears its request and answers, wherever it runs
 * (split-process.ts): an Electron utility process's parentPort, or a Node child process's IPC
 * channel. Each listener also keeps the event loop open while the native codecs, which call
 * back from their own threads without a handle of their own, have a frame on its way.
 */
import type { SplitAnswer, SplitRequest } from './protocol';

export interface ParentLink {
  post(answer: SplitAnswer): void;
  onRequest(handler: (request: SplitRequest) => void): void;
}

/** Electron's addition to `process` in a utility process (its types are Electron's, not Node's). */
interface UtilityParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

export function parentLink(): ParentLink {
  const utility = (process as { parentPort?: UtilityParentPort }).parentPort;
  if (utility) return { post: (answer) => utility.postMessage(answer), onRequest: (handler) => utility.on('message', (event) => handler(event.data as SplitRequest)) };
  if (process.send) {
    // Main gone (killed, crashed): nothing will take this request's answer, so it stops here
    // rather than go on writing into the job's folder.
    process.once('disconnect', () => process.exit(0));
    return { post: (answer) => process.send!(answer), onRequest: (handler) => process.on('message', (request) => handler(request as SplitRequest)) };
  }
  throw new Error("The splitter's script runs only as a child process of Confab.");
}
