import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorBlock } from '../../shared/contract/transcriptEditor';
import { blockText } from '../../shared/domain/transcript-edits';
import { normalText as normal, offsetOfWord } from '../../shared/domain/words';
import { rememberCaret } from './player';
import { edit, setTypingFlush, useEditor } from './store';
import { inFlight } from './view';
import { rowKeys } from './keys';

/** Typing is sent after this pause, and at least this often while it goes on (≤ 1 s lost on a crash). */
const IDLE_MS = 300;
const MAX_WAIT_MS = 800;

/**
 * The active row's text as a textarea. It is the user's draft, never changed under the caret
 * while it holds typing main has not taken: typing not sent yet, sent and not answered, or
 * refused because another window changed the row first (the conflict notice keeps it until
 * the user chooses; typing on is refused the same way). Otherwise a change of the row (undo,
 * replace, a split, another window's edit) shows here, the caret kept where it was.
 */
export function RowText({ index, block, caret }: { index: number; block: EditorBlock; caret: number | 'end' }) {
  const { t } = useTranslation('editor');
  const area = useRef<HTMLTextAreaElement>(null);
  // The row's text as main last had it from this textarea (or showed it here): what typing is
  // sent over, so main refuses it if another window changed the row meanwhile.
  const sent = useRef(blockText(block));
  // The draft as last typed: the flush at unmount (another row became active) runs after React
  // has let go of the textarea, and must still send what was typed in its last 300 ms.
  const draft = useRef(blockText(block));
  const timers = useRef<{ idle: number; max: number }>({ idle: 0, max: 0 });

  const indexRef = useRef(index);
  indexRef.current = index;

  // Sends the draft if it differs from what main last got; through a ref, so the flush
  // registered for other intents always sees the current row.
  const flush = useRef(() => {
    const value = area.current?.value ?? draft.current;
    window.clearTimeout(timers.current.idle);
    window.clearTimeout(timers.current.max);
    timers.current = { idle: 0, max: 0 };
    if (normal(value) === normal(sent.current)) return;
    const was = sent.current;
    sent.current = value;
    void edit({ type: 'text', block: indexRef.current, text: value, was }, { keepTyping: true });
  }).current;

  const conflicted = useEditor((view) => view.conflicts.some((conflict) => conflict.now === index && conflict.text !== null));

  useEffect(() => {
    const element = area.current;
    if (!element) return;
    const offset = offsetOfWord(element.value, caret);
    // The list scrolls the row into view; the textarea may still wait out of view (row-focus.ts).
    element.focus({ preventScroll: true });
    element.setSelectionRange(offset, offset);
    rememberCaret(element.value, offset);
    // Only when the row or the wanted caret changes: later renders keep the user's caret.
  }, [index, caret]);

  useEffect(() => {
    const element = area.current;
    if (!element) return;
    const text = blockText(block);
    if (normal(element.value) === text) {
      sent.current = element.value;
      return;
    }
    const typing = normal(element.value) !== normal(sent.current) || inFlight.includes(normal(sent.current));
    if (conflicted || typing) return;
    const at = Math.min(element.selectionStart, text.length);
    element.value = text;
    element.setSelectionRange(at, at);
    sent.current = draft.current = text;
  }, [block, conflicted]);

  useEffect(() => {
    setTypingFlush(flush);
    return () => {
      flush();
      setTypingFlush(null);
    };
  }, [flush]);

  const schedule = () => {
    const t = timers.current;
    window.clearTimeout(t.idle);
    t.idle = window.setTimeout(flush, IDLE_MS);
    if (!t.max) t.max = window.setTimeout(flush, MAX_WAIT_MS);
  };

  return (
    <textarea
      ref={area}
      className="ed-textarea"
      aria-label={t('row.text', { row: index + 1 })}
      dir="auto"
      translate="no"
      defaultValue={blockText(block)}
      spellCheck
      onInput={(event) => {
        draft.current = event.currentTarget.value;
        rememberCaret(event.currentTarget.value, event.currentTarget.selectionStart);
        schedule();
      }}
      onSelect={(event) => rememberCaret(event.currentTarget.value, event.currentTarget.selectionStart)}
      onKeyDown={(event) => rowKeys(event, index, flush)}
    />
  );
}
