import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from '../common/problem-text';
import { useFormats } from '../i18n';
import type { TranscriptSummary } from '../../shared/contract/transcription';
import { useNavigation } from '../navigation';
import { AskAcross } from './AskAcross';
import { useAskAcross } from './ask-across';
import { useListJump } from './list-jump';
import { useTranscription } from './store';
import { When } from './When';

/** Delete, after a confirmation: the transcript and its audio go for good. */
export function DeleteTranscript({ id, fileName, onDeleted }: { id: string; fileName: string; onDeleted?(): void }) {
  const { t } = useTranslation('transcription');
  const [confirming, setConfirming] = useState(false);
  const deleteTranscript = useTranscription((s) => s.deleteTranscript);
  if (!confirming) {
    return (
      <button type="button" className="small secondary" aria-label={t('recent.deleteLabel', { name: fileName })} onClick={() => setConfirming(true)}>
        {t('recent.delete')}
      </button>
    );
  }
  return (
    <span className="confirm-inline" role="group" aria-label={t('recent.confirmLabel', { name: fileName })}>
      <span>{t('recent.confirm')}</span>
      <button
        type="button"
        className="small danger"
        onClick={async () => {
          if (await deleteTranscript(id)) onDeleted?.();
          else setConfirming(false);
        }}
      >
        {t('recent.yes')}
      </button>
      <button type="button" className="small secondary" onClick={() => setConfirming(false)}>
        {t('recent.keep')}
      </button>
    </span>
  );
}

/** Keeps a meeting out of Ask across meetings (main never sends its rows there), or lets it back in. */
function AskExcluded({ summary }: { summary: TranscriptSummary }) {
  const { t } = useTranslation('transcription');
  const [error, setError] = useState<unknown>(null);
  return (
    <label className="recent-exclude">
      <input
        type="checkbox"
        // Named for its meeting: a list of boxes all called the same says nothing to a screen reader.
        aria-label={t('recent.askExcludedNamed', { name: summary.fileName })}
        checked={summary.askExcluded}
        onChange={async (event) => {
          try {
            await useAskAcross.getState().setExcluded(summary.id, event.target.checked);
            setError(null);
          } catch (caught) {
            setError(caught);
          }
        }}
      />
      {t('recent.askExcluded')}
      {error !== null && (
        <span className="field-error" role="alert">
          {' '}
          {problemText(error)}
        </span>
      )}
    </label>
  );
}

function Item({ summary }: { summary: TranscriptSummary }) {
  const openTranscript = useNavigation((s) => s.openTranscript);
  const { duration } = useFormats();
  return (
    <li className="recent-item">
      <div className="recent-line">
        <button type="button" className="link recent-open" title={summary.fileName} translate="no" dir="auto" onClick={() => openTranscript(summary.id)}>
          {summary.fileName}
        </button>
        <span className="recent-meta">
          <When at={summary.createdAt} />
          {summary.duration !== null && <span> · {duration(summary.duration)}</span>}
        </span>
        <DeleteTranscript id={summary.id} fileName={summary.fileName} />
      </div>
      <AskExcluded summary={summary} />
      {summary.preview && (
        <p className="recent-preview" title={summary.preview} translate="no" dir="auto">
          {summary.preview}
        </p>
      )}
    </li>
  );
}

/** The transcripts kept in the history, newest first. */
export function RecentTranscripts() {
  const { t } = useTranslation('transcription');
  const list = useTranscription((s) => s.list);
  const error = useTranscription((s) => s.listError);
  const asked = useListJump((s) => s.asked);
  const heading = useRef<HTMLHeadingElement>(null);
  // Read again each time the list shows: main previews each transcript as it now reads, so an edit
  // made since (in the editor, or by who-spoke labelling) shows here.
  useEffect(() => {
    void useTranscription.getState().loadList();
  }, []);
  // Asked for from the sidebar: the list comes into view and takes the focus, so a keyboard
  // or screen reader user lands where a sighted one looks.
  useEffect(() => {
    if (asked === 0) return;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus();
  }, [asked]);
  return (
    <section className="recent" aria-labelledby="recent-heading">
      <h2 id="recent-heading" ref={heading} tabIndex={-1}>
        {t('recent.heading')}
      </h2>
      {error && (
        <div className="notice error" role="alert">
          <p>{error.kind === 'notLoaded' ? t('recent.notLoaded', { problem: problemText(error.error) }) : t('recent.notDeleted', { problem: problemText(error.error) })}</p>
        </div>
      )}
      {list === null ? (
        !error && <p className="hint">{t('recent.loading')}</p>
      ) : list.length === 0 ? (
        <p className="hint">{t('recent.empty')}</p>
      ) : (
        <>
          <AskAcross />
          <ul className="recent-list" aria-labelledby="recent-heading">
            {list.map((summary) => (
              <Item key={summary.id} summary={summary} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
