import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../shared/domain/conversation';
import { problemText } from '../common/problem-text';
import { useFormats } from '../i18n';
import { editSummary, summarizeLeftOut } from './context-plan';
import { LongText } from './LongText';
import { VersionSwitch } from './VersionSwitch';

/**
 * A summary of earlier messages: written by the model when the user asked, sent by main in place
 * of the messages it covers while they are left out. The user may edit it; the text it replaces
 * stays as a version (‹ ›), and every page hears of the edit from main. One the length limit cut
 * says so and offers to make it again: main writes it anew in its place, the cut text a version.
 */
export function SummaryMessage({ message, conversationId, busy }: { message: Message; conversationId: string; busy: boolean }) {
  const { t } = useTranslation('chat');
  const format = useFormats();
  const fieldId = useId();
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const save = () => {
    if (!text?.trim()) return;
    editSummary(conversationId, message.id, text).then(
      () => setText(null),
      // The words typed stay in the field, with why they were not kept.
      (error: unknown) => setProblem(error),
    );
  };
  const [making, setMaking] = useState(false);
  const makeAgain = () => {
    setMaking(true);
    setProblem(null);
    summarizeLeftOut(conversationId).then(
      () => setMaking(false),
      (error: unknown) => (setMaking(false), setProblem(error)),
    );
  };
  const title = t('earlier.title', { n: format.number(message.summary?.covers.length ?? 0) });
  return (
    <article className="message summary" aria-label={title}>
      <h3 className="summary-title">{title}</h3>
      {text === null ? (
        <LongText id={message.id}>
          <div className="summary-text" data-testid="message-text" dir="auto" translate="no">
            {message.content}
          </div>
        </LongText>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <label htmlFor={fieldId}>{t('earlier.field')}</label>
          <textarea id={fieldId} value={text} dir="auto" autoFocus onChange={(event) => setText(event.target.value)} />
          {problem !== null && <p role="alert">{problemText(problem)}</p>}
          <div className="actions">
            <button type="submit" className="small" disabled={!text.trim()}>
              {t('earlier.save')}
            </button>
            <button type="button" className="small secondary" onClick={() => setText(null)}>
              {t('edit.cancel')}
            </button>
          </div>
        </form>
      )}
      {message.state === 'truncated' && text === null && <p className="notice">{t('earlier.cut')}</p>}
      {problem !== null && text === null && <p role="alert">{problemText(problem)}</p>}
      <p className="hint">{t('earlier.how')}</p>
      {text === null && (
        <div className="message-actions">
          {message.state === 'truncated' && (
            <button type="button" className="small" disabled={busy || making} aria-busy={making} onClick={makeAgain}>
              {making ? t('context.summarizing') : t('earlier.again')}
            </button>
          )}
          <VersionSwitch message={message} conversationId={conversationId} disabled={busy} />
          <button type="button" className="small secondary" disabled={busy} onClick={() => (setProblem(null), setText(message.content))}>
            {t('earlier.edit')}
          </button>
        </div>
      )}
    </article>
  );
}
