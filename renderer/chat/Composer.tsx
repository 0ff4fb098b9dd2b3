import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_MESSAGE_CHARS } from '../../shared/contract/conversations';
import { useNavigation } from '../navigation';
import { useSettings } from '../settings';
import { SHORTCUTS } from '../common/shortcuts';
import { type Formats, useFormats } from '../i18n';
import { NextRequestLine } from './ContextMarks';
import { DictateButton } from './DictateButton';
import { DictationNotice } from './DictationNotice';
import { useDictation } from './dictation';
import { insertAtCursor } from './insert-at-cursor';
import { NEW_CHAT_ID } from './records';
import { AttachButton } from './AttachButton';
import { HeldChips } from './HeldChips';
import { useHeld } from './held';
import { useChat } from './store';
import { textDirection } from './text-direction';

interface Props {
  conversationId: string;
  /** Why nothing can be sent right now (invalid options), or null. */
  blocked: string | null;
}

/** Past nine tenths of the limit, how far the draft is from it; past the limit, what to do. */
function lengthNotice(t: TFunction<'chat'>, format: Formats, length: number): { text: string; over: boolean } | null {
  const counts = { length: format.number(length), max: format.number(MAX_MESSAGE_CHARS) };
  if (length > MAX_MESSAGE_CHARS) return { over: true, text: t('composer.tooLong', counts) };
  if (length > MAX_MESSAGE_CHARS * 0.9) return { over: false, text: t('composer.nearLimit', counts) };
  return null;
}

function ShortcutHint() {
  const { t } = useTranslation('chat');
  const keys = [
    [SHORTCUTS.send.label, t('composer.hintSend')],
    [SHORTCUTS.newLine.label, t('composer.hintNewLine')],
    [SHORTCUTS.stop.label, t('composer.hintStop')],
    [SHORTCUTS.newChat.label, t('composer.hintNewChat')],
  ];
  return (
    <p className="hint shortcut-hint">
      {keys.map(([key, action]) => (
        <span key={key}>
          <kbd dir="ltr" translate="no">
            {key}
          </kbd>{' '}
          <span>{action}</span>
        </span>
      ))}
    </p>
  );
}

/** The draft lives in the store per conversation, so switching chats or a failed send never loses it. */
export function Composer({ conversationId, blocked }: Props) {
  const { t } = useTranslation('chat');
  const format = useFormats();
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

  const plan = useSettings((s) => s.settings?.plan ?? 'free');
  const dictation = useDictation((s) => s.phases[conversationId]);
  const dictated = useDictation((s) => conversationId in s.ready);
  useEffect(() => {
    // Taken once, whichever render sees it first: dictated text is inserted exactly once, never sent.
    const text = dictated && field.current ? useDictation.getState().take(conversationId) : undefined;
    const target = field.current;
    // Outside React's commit: an input event handled inside an effect is put back to the old value
    // by the controlled field, which loses the cursor and the undo step.
    if (text && target) queueMicrotask(() => insertAtCursor(target, text));
  }, [dictated, conversationId]);

  // Send waits for items on their way to main: the message must not go without them.
  const reading = useHeld((s) => conversationId in s.staging);
  const length = lengthNotice(t, format, draft.length);
  const { send, stop, setDraft } = useChat.getState();
  const submit = () => {
    if (!running && !blocked && !length?.over && !reading) send(conversationId);
  };

  return (
    <form
      className="composer"
      aria-label={t('composer.form')}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <HeldChips conversationId={conversationId} />
      <NextRequestLine conversationId={conversationId} />
      <div className="composer-box">
        <textarea
          ref={field}
          aria-label={t('composer.field')}
          aria-keyshortcuts={`${SHORTCUTS.send.aria} ${SHORTCUTS.newLine.aria}`}
          placeholder={t('composer.placeholder')}
          rows={1}
          dir={textDirection(draft)}
          value={draft}
          onChange={(event) => setDraft(conversationId, event.target.value)}
          onPaste={(event) => {
            const text = event.clipboardData.getData('text/plain');
            // A paste that fits a message lands in the field, where the length notice counts it with the rest.
            if (text.length <= MAX_MESSAGE_CHARS) return;
            // Too long for any message: held in main as an attached text, sent with the message, instead of
            // filling the field, which would freeze the page. Should main not take it, the notice says why.
            event.preventDefault();
            void useHeld.getState().holdPaste(conversationId, text);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
        />
        <AttachButton conversationId={conversationId} />
        <DictateButton conversationId={conversationId} plan={plan} />
        {running ? (
          <button
            type="button"
            className="stop"
            title={t('composer.stopTitle', { shortcut: SHORTCUTS.stop.label })}
            aria-keyshortcuts={SHORTCUTS.stop.aria}
            onClick={() => stop(conversationId)}
          >
            {t('composer.stop')}
          </button>
        ) : (
          <button
            type="submit"
            title={t('composer.sendTitle', { shortcut: SHORTCUTS.send.label })}
            aria-keyshortcuts={SHORTCUTS.send.aria}
            disabled={!draft.trim() || blocked !== null || length?.over || reading}
          >
            {t('composer.send')}
          </button>
        )}
      </div>
      {dictation ? (
        <DictationNotice conversationId={conversationId} phase={dictation} />
      ) : blocked || length ? (
        <p className={length && !length.over && !blocked ? 'hint' : 'field-error'} role="status">
          {blocked ?? length?.text}
        </p>
      ) : (
        <ShortcutHint />
      )}
    </form>
  );
}
