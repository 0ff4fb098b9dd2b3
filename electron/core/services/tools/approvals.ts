import type { ToolDecision } from '../../../../shared/contract/chat';
import { Problem } from '../../../../shared/domain/problem';

/** Whether a real person pressed a key or mouse button in the app since a moment (Date.now() ms). */
export interface UserPresence {
  pressedSince(time: number): boolean;
}

/**
 * The browser harness cannot tell a person's click from the page's own script (a browser
 * tells its page nothing the page could not forge, and the WebSocket bridge sees only what the
 * page sends), so there every decision stands as sent. Electron passes `inputPresence`.
 */
export const noPresenceSignal: UserPresence = { pressedSince: () => true };

/**
 * A yes must follow a press closely: the page cannot tell which element a press was on, so
 * it could otherwise wait for any later click (scrolling, typing) and answer with that.
 */
export const PRESS_WINDOW_MS = 3000;


/**
 * Tool calls waiting for the user's decision, by stream and call id. A decision for a call
 * that is not waiting (never asked, already decided, or its stream stopped) is refused, so a
 * late or forged answer can never start a tool; a yes also needs a real press after the
 * question was shown (where the platform can tell).
 */
export function createApprovals(presence: UserPresence = noPresenceSignal, now: () => number = Date.now) {
  const waiting = new Map<string, { shownAt: number; resolve(decision: ToolDecision): void }>();
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
        waiting.set(key, {
          shownAt: now(),
          resolve: (decision) => {
            waiting.delete(key);
            signal.removeEventListener('abort', stop);
            resolve(decision);
          },
        });
      });
    },

    decide(streamId: string, callId: string, decision: ToolDecision): void {
      const found = waiting.get(keyOf(streamId, callId));
      if (!found) throw new Problem('tools.not_waiting');
      // Saying no needs no proof: a forged "deny" can only keep a tool from running.
      if (decision !== 'deny' && !presence.pressedSince(Math.max(found.shownAt, now() - PRESS_WINDOW_MS))) throw new Problem('tools.no_gesture');
      found.resolve(decision);
    },
  };
}

export type Approvals = ReturnType<typeof createApprovals>;
