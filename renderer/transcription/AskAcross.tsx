import { useTranslation } from 'react-i18next';
import { ASK_QUESTION_MAX_CHARS, type AskClaim, type AskPrepared } from '../../shared/contract/ask';
import { FailureNotice } from '../common/FailureNotice';
import { problemText } from '../common/problem-text';
import { useNavigation } from '../navigation';
import { useSettings } from '../settings';
import { useAskAcross } from './ask-across';
import { formatClock } from './format';
import { When } from './When';

const hostOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).host : '';
  } catch {
    return '';
  }
};

/** What leaves the machine: the question, the rows (listed on demand) and their meetings' names and dates. */
function Outgoing({ prepared, sent }: { prepared: AskPrepared; sent: boolean }) {
  const { t } = useTranslation('transcription');
  const host = hostOf(useSettings((s) => s.settings?.baseUrl));
  const nameOf = new Map(prepared.sources.map((source) => [source.transcriptId, source.fileName]));
  return (
    <div className="ask-outgoing" role="region" aria-label={t('askAcross.outgoingLabel')}>
      <p className="ask-outgoing-title">{t(sent ? 'askAcross.sentTo' : 'askAcross.willSend', { host, count: prepared.rows.length })}</p>
      <p className="ask-question" dir="auto" translate="no">
        {prepared.question}
      </p>
      <ul className="ask-sources">
        {prepared.sources.map((source) => (
          <li key={source.transcriptId}>
            <span translate="no" dir="auto">
              {source.fileName}
            </span>{' '}
            · <When at={source.createdAt} /> · {t('askAcross.rowCount', { count: prepared.rows.filter((row) => row.transcriptId === source.transcriptId).length })}
          </li>
        ))}
      </ul>
      <details className="ask-rows">
        <summary>{t('askAcross.showRows', { count: prepared.rows.length })}</summary>
        <ol>
          {prepared.rows.map((row) => (
            <li key={`${row.transcriptId}/${row.rowId}`} translate="no" dir="auto">
              <span className="ask-row-where">
                {nameOf.get(row.transcriptId)}
                {row.startMs !== null && ` · ${formatClock(row.startMs / 1000)}`}
              </span>{' '}
              {row.speaker && <b>{row.speaker}: </b>}
              {row.text}
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}

/** Main's check of a claim that cites rows, when it did not find them saying it. */
const STATUS_KEYS = { unsupported: 'askAcross.unsupported', unchecked: 'askAcross.unchecked' } as const;

/**
 * The answer, a claim a line, each with links to the moments it cites; a claim citing no row
 * sent says so, and one its rows do not support (by main's check) says that.
 */
function Answer({ claims, prepared }: { claims: AskClaim[]; prepared: AskPrepared }) {
  const { t } = useTranslation('transcription');
  const openAt = useNavigation((s) => s.openTranscriptAt);
  const nameOf = new Map(prepared.sources.map((source) => [source.transcriptId, source.fileName]));
  if (!claims.length) return <p className="hint">{t('askAcross.noAnswer')}</p>;
  return (
    <ol className="ask-answer" aria-label={t('askAcross.answerLabel')}>
      {claims.map((claim, i) => (
        <li key={i}>
          <span dir="auto" translate="no">
            {claim.text}
          </span>{' '}
          {claim.cites.length === 0 ? (
            <span className="ask-uncited">{t('askAcross.uncited')}</span>
          ) : (
            claim.cites.map((cite) => (
              <button
                key={`${cite.transcriptId}/${cite.rowId}`}
                type="button"
                className="link ask-cite"
                onClick={() => openAt(cite.transcriptId, [cite.rowId])}
              >
                {nameOf.get(cite.transcriptId)}
                {cite.startMs !== null && ` · ${formatClock(cite.startMs / 1000)}`}
              </button>
            ))
          )}
          {claim.cites.length > 0 && claim.status !== 'supported' && <span className="ask-uncited">{t(STATUS_KEYS[claim.status])}</span>}
        </li>
      ))}
    </ol>
  );
}

/**
 * Ask across meetings, above the transcripts it asks: main retrieves the rows first and the
 * page shows them before anything is sent, so the user sees what leaves the machine, then Send.
 */
export function AskAcross() {
  const { t } = useTranslation('transcription');
  const { question, step, setQuestion, prepare, send, stop, reset } = useAskAcross();
  const prepared = 'prepared' in step ? step.prepared : null;

  return (
    <section className="ask-across" aria-labelledby="ask-across-heading">
      <h3 id="ask-across-heading">{t('askAcross.heading')}</h3>
      <form
        className="ask-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (question.trim()) void prepare();
        }}
      >
        <input
          type="text"
          value={question}
          maxLength={ASK_QUESTION_MAX_CHARS}
          placeholder={t('askAcross.placeholder')}
          aria-label={t('askAcross.question')}
          onChange={(event) => setQuestion(event.target.value)}
        />
        <button type="submit" className="small" disabled={!question.trim() || step.kind === 'preparing' || step.kind === 'sending'}>
          {t('askAcross.find')}
        </button>
      </form>
      {prepared && prepared.rows.length === 0 && <p className="hint">{t('askAcross.nothingFound')}</p>}
      {prepared && prepared.rows.length > 0 && <Outgoing prepared={prepared} sent={step.kind !== 'prepared'} />}
      {step.kind === 'prepared' && step.prepared.rows.length > 0 && (
        <div className="actions">
          <button type="button" className="small" onClick={() => void send(step.prepared)}>
            {t('askAcross.send')}
          </button>
          <button type="button" className="small secondary" onClick={reset}>
            {t('askAcross.cancel')}
          </button>
        </div>
      )}
      {step.kind === 'sending' && (
        <div className="actions">
          <p className="hint" role="status">
            {t('askAcross.sending')}
          </p>
          <button type="button" className="small secondary" onClick={() => void stop()}>
            {t('askAcross.stop')}
          </button>
        </div>
      )}
      {step.kind === 'answered' && step.outcome.ok && (
        <>
          <Answer claims={step.outcome.claims} prepared={step.prepared} />
          {/* The token cap ended the answer: what it held is above, the rest was never written. */}
          {step.outcome.cutOff && (
            <p className="hint" role="note">
              {t('askAcross.cutOff')}
            </p>
          )}
        </>
      )}
      {step.kind === 'answered' && 'failure' in step.outcome && <FailureNotice failure={step.outcome.failure} onRetry={() => void send(step.prepared)} />}
      {step.kind === 'answered' && 'stopped' in step.outcome && (
        <div className="actions">
          <p className="hint" role="status">
            {t('askAcross.stopped')}
          </p>
          <button type="button" className="small" onClick={() => void send(step.prepared)}>
            {t('askAcross.sendAgain')}
          </button>
        </div>
      )}
      {step.kind === 'failed' && (
        <div className="notice error" role="alert">
          <p>{t('askAcross.failed', { problem: problemText(step.error) })}</p>
        </div>
      )}
    </section>
  );
}
