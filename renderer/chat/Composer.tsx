import { useEffect, useRef } from 'react';
import { MAX_MESSAGE_CHARS } from '../../shared/contract/conversations';
import { useNavigation } from '../navigation';
import { SHORTCUTS } from '../common/shortcuts';
import { NEW_CHAT_ID } from './records';
import { PastedChip } from './PastedChip';
import { usePasted } from './pasted';
import { useChat } from './store';

interface Props {
  conversationId: string;
  /** Why nothing can be sent right now (invalid options), or null. */
  blocked: string | null;
}

const count = (n: number) => n.toLocaleString();

/** Past nine tenths of the limit, how far the draft is from it; past the limit, what to do. */
function lengthNotice(length: number): { text: string; over: boolean } | null {
  if (length > MAX_MESSAGE_CHARS) {
    return {
      over: true,
      text: `This message has ${count(length)} characters; a message can have up to ${count(MAX_MESSAGE_CHARS)}. Shorten it or send it in parts. Nothing you typed is lost.`,
    };
  }
  if (length > MAX_MESSAGE_CHARS * 0.9) return { over: false, text: `${count(length)} of ${count(MAX_MESSAGE_CHARS)} characters.` };
  return null;
}

function ShortcutHint() {
  return (
    <p className="hint shortcut-hint">
      <kbd>{SHORTCUTS.send.label}</kbd> send · <kbd>{SHORTCUTS.newLine.label}</kbd> new line · <kbd>{SHORTCUTS.stop.label}</kbd> stop ·{' '}
      <kbd>{SHORTCUTS.newChat.label}</kbd> new chat
    </p>
  );
}

/** The draft lives in the store per conversation, so switching chats or a failed send never loses it. */
export function Composer({ conversationId, blocked }: Props) {
  const draft = useChat((s) => s.drafts[conversationId] ?? '');
  const running = useChat((s) => conversationId in s.running);
  const focusRequest = useNavigation((s) => s.composerFocus);
  const field = useRef<HTMLTextAreaElement>(null);
  const shown = useRef({ conversationId, focusRequest });
  useEffect(() => {
    const before = shown.current;
    shown.current = { conversationId, focusRequest };
    // The new chat has just become a saved conversation (main answered its first message):
    // the same chat stays in view, and focus stays where it is (an approval card may hold it).
    if (before.conversationId === NEW_CHAT_ID && conversationId !== NEW_CHAT_ID && before.focusRequest === focusRequest) return;
    // A tool call waiting for the user's decision keeps the focus it took (ToolCalls.tsx).
    if (before.focusRequest === focusRequest && document.activeElement?.closest('[role=alertdialog]')) return;
    field.current?.focus();
  }, [conversationId, focusRequest]);

  const pasted = usePasted((s) => conversationId in s.held || conversationId in s.staging);
  const length = lengthNotice(draft.length);
  const { send, stop, setDraft } = useChat.getState();
  const submit = () => {
    if (!running && !blocked && !length?.over && !pasted) send(conversationId);
  };

  return (
    <form
      className="composer"
      aria-label="Compose"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <PastedChip conversationId={conversationId} />
      <div className="composer-box">
        <textarea
          ref={field}
          aria-label="Message"
          aria-keyshortcuts={`${SHORTCUTS.send.aria} ${SHORTCUTS.newLine.aria}`}
          placeholder="Write a message…"
          rows={1}
          value={draft}
          onChange={(event) => setDraft(conversationId, event.target.value)}
          onPaste={(event) => {
            const text = event.clipboardData.getData('text/plain');
            // A paste that fits a message lands in the field, where the length notice counts it with the rest.
            if (text.length <= MAX_MESSAGE_CHARS) return;
            // Too long for any message: held in main as an attached text instead of filling the field,
            // which would freeze the page. Should main not take it, the notice says why; it is still on the clipboard.
            event.preventDefault();
            void usePasted.getState().hold(conversationId, text);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
        />
        {running ? (
          <button
            type="button"
            className="stop"
            title={`Stop the reply (${SHORTCUTS.stop.label})`}
            aria-keyshortcuts={SHORTCUTS.stop.aria}
            onClick={() => stop(conversationId)}
          >
            Stop
          </button>
        ) : (
          <button
            type="submit"
            title={`Send (${SHORTCUTS.send.label})`}
            aria-keyshortcuts={SHORTCUTS.send.aria}
            disabled={!draft.trim() || blocked !== null || length?.over || pasted}
          >
            Send
          </button>
        )}
      </div>
      {blocked || length ? (
        <p className={length && !length.over && !blocked ? 'hint' : 'field-error'} role="status">
          {blocked ?? length?.text}
        </p>
      ) : (
        <ShortcutHint />
      )}
    </form>
  );
}
