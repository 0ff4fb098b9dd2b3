import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { problemText } from '../common/problem-text';
import { type Formats, useFormats } from '../i18n';
import { type BackupsStatus, useBackups } from './backups';

const FAILED = { list: 'backups.listFailed', backUp: 'backups.backUpFailed', restore: 'backups.restoreFailed' } as const;

function statusText(status: BackupsStatus, t: TFunction<'history'>, formats: Formats): string {
  switch (status.kind) {
    case 'made':
      return t('backups.made', {
        heldConversations: t('backups.conversations', { count: status.made.conversations }),
        heldTranscripts: t('backups.transcripts', { count: status.made.transcripts }),
      });
    case 'restored': {
      const { outcome } = status;
      return t('backups.restored', {
        date: formats.dateTime(status.from.createdAt),
        added: t('backups.added', { count: outcome.added }),
        copied: t('backups.copied', { count: outcome.copied }),
        unchanged: t('backups.unchanged', { count: outcome.unchanged }),
        addedTranscripts: t('backups.transcriptsAdded', { count: outcome.transcripts }),
      });
    }
    case 'error':
      return t(FAILED[status.failed], { problem: problemText(status.error) });
  }
}

/**
 * The history's automatic backups (taken by main daily and before every upgrade of its format),
 * and a restore that merges one into the current history: nothing there is replaced or removed.
 */
export function BackupsSection() {
  const { t } = useTranslation('history');
  const formats = useFormats();
  const { backups, status, busy } = useBackups();
  useEffect(() => void useBackups.getState().open(), []);
  const { backUpNow, restore } = useBackups.getState();

  return (
    <section aria-labelledby="backups-heading" className="card">
      <h2 id="backups-heading">{t('backups.heading')}</h2>
      <p className="hint">
        <Trans t={t} i18nKey="backups.about" components={{ 1: <code translate="no" /> }} />
      </p>
      {backups === null ? (
        <p className="hint">{t('backups.loading')}</p>
      ) : backups.length === 0 ? (
        <p className="hint">{t('backups.none')}</p>
      ) : (
        <table className="backups">
          <thead>
            <tr>
              <th scope="col">{t('backups.taken')}</th>
              <th scope="col">{t('backups.size')}</th>
              <th scope="col">{t('backups.holds')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('backups.action')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {backups.map((backup) => (
              <tr key={backup.id}>
                <td>
                  <time dateTime={new Date(backup.createdAt).toISOString()}>{formats.dateTime(backup.createdAt)}</time>
                  {backup.beforeMigration && <span className="badge">{t('backups.beforeUpgrade')}</span>}
                </td>
                <td>{formats.fileSize(backup.size)}</td>
                <td>
                  {t('backups.contents', {
                    heldConversations: t('backups.conversations', { count: backup.conversations }),
                    heldTranscripts: t('backups.transcripts', { count: backup.transcripts }),
                  })}
                </td>
                <td>
                  <button
                    type="button"
                    className="secondary small"
                    disabled={busy}
                    aria-label={t('backups.restoreLabel', { date: formats.dateTime(backup.createdAt) })}
                    onClick={() => void restore(backup)}
                  >
                    {t('backups.restore')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="actions">
        <button type="button" className="secondary" disabled={busy} onClick={() => void backUpNow()}>
          {t('backups.backUpNow')}
        </button>
      </div>
      <p role="status" className={status?.kind === 'error' ? 'field-error' : 'hint'}>
        {status && statusText(status, t, formats)}
      </p>
    </section>
  );
}
