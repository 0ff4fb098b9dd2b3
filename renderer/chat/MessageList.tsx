import { type UIEvent, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { type Conversation, type Message, lastTurn } from '../../shared/domain/conversation';
import { MessageItem } from './MessageItem';
import { useChat } from './store';

interface Context {
  conversationId: string;
  lastId: string | undefined;
  busy: boolean;
  highlightId: string | null;
}

const itemContent = (_index: number, message: Message, context: Context) => (
  <MessageItem
    message={message}
    conversationId={context.conversationId}
    isLast={message.id === context.lastId}
    busy={context.busy}
    highlighted={message.id === context.highlightId}
  />
);

const computeItemKey = (_index: number, message: Message) => message.id;

/** While a request is on its way to main (a few milliseconds), its reply is already shown as awaited. */
function Footer({ context }: { context?: Context }) {
  const { t } = useTranslation('chat');
  const asking = useChat((s) => !!context && s.running[context.conversationId]?.messageId === '');
  return (
    <div className="list-bottom">
      {asking && (
        <article className="message assistant" aria-label={t('message.reply')} aria-busy="true">
          <p className="hint waiting">{t('message.waiting')}</p>
        </article>
      )}
    </div>
  );
}

// Breathing room above the first message and below the last, inside the scroller.
const components = {
  Header: () => <div className="list-top" />,
  Footer,
};

const NEAR_BOTTOM_PX = 48;
/**
 * Virtuoso's index of the first message while none has been prepended. Each earlier page
 * lowers it by the page's length, which keeps the messages on screen where they were.
 */
const FIRST_INDEX = 10_000_000;
/** As long as the highlight's fade (chat.css), so it ends when the colour is gone. */
const HIGHLIGHT_MS = 2500;

/**
 * Virtualised, so a conversation of thousands of messages mounts only what is on screen.
 * It follows a reply as it grows until the reader scrolls up, and again once they come back
 * down or a new reply starts. Growth alone never stops the following: only a scroll upwards does.
 * A search hit opens the list at its message instead, highlighted for a moment. A long
 * conversation opens with its last page of messages; reaching the top loads the page before.
 */
export function MessageList({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('chat');
  const busy = useChat((s) => conversation.id in s.running);
  const target = useChat((s) => (s.target?.conversationId === conversation.id ? s.target : null));
  const targetIndex = target ? conversation.messages.findIndex((m) => m.id === target.messageId) : -1;
  const list = useRef<VirtuosoHandle>(null);
  const following = useRef(targetIndex === -1);
  const lastTop = useRef(0);
  // Regenerate and Continue stay on the last reply when a summary follows it (main's rule: lastTurn).
  const lastId = lastTurn(conversation.messages)?.id;
  const highlightId = targetIndex === -1 ? null : target!.messageId;
  const hasEarlier = useChat((s) => !!s.earlier[conversation.id]);
  const firstId = conversation.messages[0]?.id;
  const first = useRef({ id: firstId, index: FIRST_INDEX });
  if (first.current.id !== firstId) {
    // Earlier messages were prepended: the old first message moved down by their number.
    const moved = conversation.messages.findIndex((m) => m.id === first.current.id);
    first.current = { id: firstId, index: first.current.index - Math.max(moved, 0) };
  }
  const context = useMemo(
    () => ({ conversationId: conversation.id, lastId, busy, highlightId }),
    [conversation.id, lastId, busy, highlightId],
  );

  useEffect(() => {
    if (busy) following.current = true;
  }, [busy]);

  // A new target (another hit, or the same one clicked again) is what moves the list.
  useEffect(() => {
    if (targetIndex === -1) return;
    following.current = false;
    list.current?.scrollToIndex({ index: targetIndex, align: 'center' });
    const timer = setTimeout(() => useChat.getState().clearTarget(), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [target]);

  const onScroll = (event: UIEvent<HTMLElement>) => {
    const { scrollTop, scrollHeight, clientHeight } = event.currentTarget;
    if (scrollHeight - scrollTop - clientHeight < NEAR_BOTTOM_PX) following.current = true;
    else if (scrollTop < lastTop.current) following.current = false;
    lastTop.current = scrollTop;
  };

  return (
    <Virtuoso
      ref={list}
      className="messages"
      role="region"
      aria-label={t('message.list')}
      data={conversation.messages}
      firstItemIndex={first.current.index}
      startReached={() => {
        if (hasEarlier) void useChat.getState().loadEarlier(conversation.id);
      }}
      context={context}
      computeItemKey={computeItemKey}
      itemContent={itemContent}
      components={components}
      initialTopMostItemIndex={targetIndex === -1 ? { index: 'LAST', align: 'end' } : { index: targetIndex, align: 'center' }}
      followOutput={() => (following.current ? 'auto' : false)}
      onScroll={onScroll}
      totalListHeightChanged={() => {
        if (following.current) list.current?.scrollToIndex({ index: 'LAST', align: 'end' });
      }}
      // A typical message's height: Virtuoso then skips rendering a probe item before the real ones.
      defaultItemHeight={120}
      increaseViewportBy={{ top: 400, bottom: 200 }}
    />
  );
}
