import type { CompletionEvent } from '../../../../shared/contract/chat';
import type { LiveReply, WatchEvent } from '../../../../shared/contract/conversations';
import type { ReplyRecorder } from '../completion/reply-recorder';
import { heldWrites } from '../history/refused-writes';
import { createWatchers } from '../events/watchers';

/** A reply main is writing: how to stop it, what it has written, and what it waits for. */
export interface RunningReply {
  /** The id tool decisions name in the chat service. */
  replyId: string;
  controller: AbortController;
  recorder: ReplyRecorder;
  approvals: LiveReply['approvals'];
  step: LiveReply['step'];
  /** Settles when the reply has ended and its ending is recorded. */
  ended?: Promise<void>;
}

const ENDINGS = new Set<CompletionEvent['type']>(['done', 'stopped', 'failed']);

/**
 * The replies being written, one per conversation at most, and the pages watching them.
 * A reply belongs to main, not to a page: it runs on when every page is gone, and a page
 * that starts watching gets every running reply as it stands, then the live events.
 */
export function createLiveReplies() {
  const running = new Map<string, RunningReply>();
  const watchers = createWatchers<WatchEvent>();
  const broadcast = watchers.broadcast;
  // A reply the disk refuses is kept here and written once it takes it; every page is told meanwhile.
  const held = heldWrites((refusal) => broadcast({ type: 'unsaved', refusal }));

  const snapshot = (): LiveReply[] =>
    [...running].map(([conversationId, reply]) => ({
      conversationId,
      messageId: reply.recorder.current().id,
      text: reply.recorder.current().content,
      approvals: reply.approvals,
      step: reply.step,
    }));

  return {
    get: (conversationId: string) => running.get(conversationId),
    all: () => [...running.values()],
    add: (conversationId: string, reply: RunningReply) => void running.set(conversationId, reply),
    /** Writes what the disk refused of earlier replies, if it takes it now. */
    writeHeld: () => void held.retry(),
    broadcast,

    /**
     * Records a reply's event, keeps what a later watcher needs, tells every watcher, then
     * writes: the page shows an ended reply while the history stores it (a full-text re-index
     * of the whole reply), in the same synchronous turn, so no other work comes between.
     */
    apply(conversationId: string, reply: RunningReply, event: CompletionEvent) {
      const { message: written, key, write } = reply.recorder.record(event);
      if (event.type === 'toolApproval') reply.approvals = [...reply.approvals, { callId: event.callId, tool: event.tool, arguments: event.arguments }];
      if (event.type === 'toolDecision') reply.approvals = reply.approvals.filter((a) => a.callId !== event.callId);
      if (event.type === 'step') reply.step = { step: event.step, maxSteps: event.maxSteps };
      // Gone before anyone hears of the end, so a page may start the next reply at once.
      if (ENDINGS.has(event.type) && running.get(conversationId) === reply) running.delete(conversationId);
      if (written) broadcast({ type: 'message', conversationId, message: written });
      broadcast({ type: 'reply', conversationId, event });
      if (key) held.write(key, write);
    },

    /** Sends the running replies, then every change, until `signal` aborts (the page went away). */
    watch: (emit: (event: WatchEvent) => void, signal: AbortSignal): Promise<void> =>
      watchers.watch(emit, signal, () => ({ type: 'replies', replies: snapshot() })),
  };
}

export type LiveReplies = ReturnType<typeof createLiveReplies>;
