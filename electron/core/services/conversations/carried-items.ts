import type { WatchEvent } from '../../../../shared/contract/conversations';
import type { Message } from '../../../../shared/domain/conversation';
import type { HeldItems } from '../held/held-items';
import { heldCarriers } from '../history/held-carriers';
import type { HistoryStore } from '../history/history-store';
import { log } from '../../log';
import { firstPartLength, withKeptParts } from './first-part';

export type HeldDeps = Pick<HeldItems, 'check' | 'chips' | 'bind' | 'textFor' | 'keepFirst' | 'copy'>;

/**
 * The link between a conversation's messages and the held items they carried: the message shows
 * them (its `attached` chips, migration 22), the item keeps the user's "send only its beginning"
 * or "send a summary", and every request carries the items as that choice says.
 */
export function carriedItems(deps: { history: HistoryStore; held?: HeldDeps; tell: (event: WatchEvent) => void }) {
  const { history, held } = deps;
  const carriers = heldCarriers(history.db);
  let keeping = Promise.resolve();

  /**
   * Keeps (or undoes, null) the user's choice for item `itemId` (its first `tokens`, or a summary),
   * on the item and on the chips of the messages that carried it.
   */
  async function keep(conversationId: string, itemId: string, choice: { tokens: number; summary?: string } | null) {
    if (!held) return;
    // Measured once, here: every later request cuts the text by this length without encoding it again.
    const text = choice === null || choice.summary !== undefined ? undefined : held.textFor(conversationId).find((item) => item.id === itemId)?.text;
    const cut = choice?.summary !== undefined ? { summary: choice.summary, tokens: choice.tokens } : choice === null || text === undefined ? null : { tokens: choice.tokens, chars: firstPartLength(text, choice.tokens) };
    const chip = await held.keepFirst(conversationId, itemId, cut);
    // An edit's message carries the items of the one it replaces: each shows the chip. Other branches' are rewritten
    // too, for when they show again; only the path's are on the pages.
    for (const { message, onPath } of carriers(conversationId, itemId)) {
      const shown = { ...message, attached: message.attached!.map((item) => (item.id === itemId ? chip : item)) };
      history.putMessage(conversationId, shown);
      if (onPath) deps.tell({ type: 'message', conversationId, message: history.withSiblings(conversationId, [shown])[0]! });
    }
  }

  /** Keeps a summary (`choice`) to send in item `itemId`'s place from now on, or (null) the item whole again. */
  function choose(conversationId: string, itemId: string, choice: { summary: string; tokens: number } | null) {
    const done = keeping.then(() => keep(conversationId, itemId, choice));
    keeping = done.catch(() => undefined);
    return done;
  }

  return {
    /** A user message written by a Send of `ids`: it shows them from now on. */
    carrying: (message: Message, ids: readonly string[]): Message => (ids.length > 0 && held ? { ...message, attached: held.chips(ids) } : message),
    /** Branch from here: `copies` (of `messages`, in order) carry copies of their items, conversation `to`'s own. */
    async copied(from: string, to: string, messages: readonly Message[], copies: Message[]): Promise<Message[]> {
      const carried = messages.flatMap((message, index) => (message.attached ?? []).map(({ id }) => ({ id, messageId: copies[index]!.id })));
      if (!held || carried.length === 0) return copies;
      const chips = await held.copy(from, to, carried);
      return copies.map((copy) => (copy.attached ? { ...copy, attached: copy.attached.map((item) => chips.get(item.id) ?? item) } : copy));
    },
    /** The items a request of this conversation carries, each cut to its beginning where the user chose so. */
    textFor: (conversationId: string) => withKeptParts(held?.textFor(conversationId) ?? []),
    /** The reply sent only the first `tokens` of an item: the next requests do the same, until undone. */
    sentPart(conversationId: string, itemId: string, tokens: number) {
      // Each refused attempt sends a smaller part: kept in order, so the last one sent is the one on disk.
      keeping = keeping.then(() => keep(conversationId, itemId, { tokens })).catch((error: unknown) => log.warn('Keeping the beginning of a held item failed:', error));
    },
    choose,
    /** Undoes "send the beginning" or "send a summary": the item goes whole again. */
    sendWhole: (input: { conversationId: string; itemId: string }) => choose(input.conversationId, input.itemId, null),
  };
}
