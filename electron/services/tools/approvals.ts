import type { ToolDecision } from '../../../shared/contract/chat';

/**
 * Tool calls waiting for the user's decision, by stream and call id. A decision for a call
 * that is not waiting (never asked, already decided, or its stream stopped) is refused, so a
 * late or forged answer can never start a tool.
 */
export function createApprovals() {
  const waiting = new Map<string, (decision: ToolDecision) => void>();
  const keyOf = (streamId: string, callId: string) => JSON.stringify([streamId, callId]);

  return {
    /** Resolves with the decision; rejects with the abort reason when the stream is stopped first. */
    wait(streamId: string, callId: string, signal: AbortSignal): Promise<ToolDecision> {
      const key = keyOf(streamId, callId);
      return new Promise((resolve, reject) => {
        const stop = () => {
          waiting.delete(key);
          reject(signal.reason);
        };
        if (signal.aborted) return stop();
        signal.addEventListener('abort', stop, { once: true });
        waiting.set(key, (decision) => {
          waiting.delete(key);
          signal.removeEventListener('abort', stop);
          resolve(decision);
        });
      });
    },

    decide(streamId: string, callId: string, decision: ToolDecision): void {
      const resolve = waiting.get(keyOf(streamId, callId));
      if (!resolve) throw new Error('This tool call is not waiting for a decision: it was already decided, or its reply has ended.');
      resolve(decision);
    },
  };
}

export type Approvals = ReturnType<typeof createApprovals>;
