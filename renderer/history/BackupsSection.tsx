import { useEffect } from 'react';
import type { BackupInfo } from '../../shared/contract/history';
import { useBackups } from './backups';
import { counted } from '../../shared/domain/plural';

const when = (at: number) => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const CONVERSATIONS = { one: 'conversation', other: 'conversations' };
const TRANSCRIPTS = { one: 'transcript', other: 'transcripts' };
const size = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/**
 * The history's automatic backups (taken by main daily and before every upgrade of its format),
 * and a restore that merges one into the current history: nothing there is replaced or removed.
 */
export function BackupsSection() {
  const { backups, status, busy } = useBackups();
  useEffect(() => void useBackups.getState().open(), []);

  const backUpNow = () =>
    useBackups.getState().backUpNow((made) => `Backed up ${counted(made.conversations, CONVERSATIONS)} and ${counted(made.transcripts, TRANSCRIPTS)}.`);
  const restore = (backup: BackupInfo) =>
    useBackups.getState().restore(backup.id, (outcome) => {
      const parts = [
        `${counted(outcome.added, CONVERSATIONS)} added`,
        `${outcome.copied} kept as a copy beside a newer version`,
        `${outcome.unchanged} already here`,
        `${counted(outcome.transcripts, TRANSCRIPTS)} added`,
      ];
      return `Restored from ${when(backup.createdAt)}: ${parts.join(', ')}.`;
    });

  return (
    <section aria-labelledby="backups-heading" className="card">
      <h2 id="backups-heading">Backups</h2>
      <p className="hint">
        Confab backs up your history once a day while it runs and before every upgrade of its format, keeping the last 7
        in the data folder's <code>backups</code> folder. Restoring merges a backup into your history: nothing you have
        now is replaced or removed, and a conversation that changed since comes back as a copy beside it.
      </p>
      {backups === null ? (
        <p className="hint">Loading…</p>
      ) : backups.length === 0 ? (
        <p className="hint">No backups yet.</p>
      ) : (
        <table className="backups">
          <thead>
            <tr>
              <th scope="col">Taken</th>
              <th scope="col">Size</th>
              <th scope="col">Holds</th>
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {backups.map((backup) => (
              <tr key={backup.id}>
                <td>
                  {when(backup.createdAt)}
                  {backup.beforeMigration && <span className="badge">before an upgrade</span>}
                </td>
                <td>{size(backup.size)}</td>
                <td>
                  {counted(backup.conversations, CONVERSATIONS)}, {counted(backup.transcripts, TRANSCRIPTS)}
                </td>
                <td>
                  <button
                    type="button"
                    className="secondary small"
                    disabled={busy}
                    aria-label={`Restore the backup from ${when(backup.createdAt)}`}
                    onClick={() => void restore(backup)}
                  >
                    Restore
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="actions">
        <button type="button" className="secondary" disabled={busy} onClick={() => void backUpNow()}>
          Back up now
        </button>
      </div>
      <p role="status" className={status?.kind === 'error' ? 'field-error' : 'hint'}>
        {status?.text}
      </p>
    </section>
  );
}
