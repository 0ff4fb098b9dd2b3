import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { readJson } from '../../shared/domain/json';
import { JsonProblemNote } from './JsonProblemNote';
import { CopyButton } from '../common/CopyButton';
import './tools.css';

/** Saves text as a file through the browser's download (Electron saves an anchor download the same way). */
function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const fileName = (createdAt: number) => `reply-${new Date(createdAt).toISOString().slice(0, 19).replace(/[T:]/g, '-')}.json`;

/**
 * A JSON-mode reply: while it streams, the text as it comes; once complete, checked and
 * formatted, or shown as it came with the reason it is not JSON.
 */
export function JsonReply({ text, streaming, createdAt }: { text: string; streaming: boolean; createdAt: number }) {
  const { t } = useTranslation('chat');
  const reading = useMemo(() => (streaming ? null : readJson(text)), [text, streaming]);
  if (!reading) {
    return (
      <pre className="json-view streaming" data-testid="message-text" dir="ltr">
        <code translate="no">{text}</code>
      </pre>
    );
  }
  const formatted = reading.valid ? JSON.stringify(reading.value, null, 2) : reading.raw;
  return (
    <div className={reading.valid ? 'json-reply' : 'json-reply invalid'} role="group" aria-label={t('json.group')}>
      <div className="code-bar json-bar">
        <span className={reading.valid ? 'badge json-valid' : 'badge json-invalid'}>{reading.valid ? t('json.valid') : t('json.invalid')}</span>
        <CopyButton label={t('json.copy')} text={() => formatted} />
        {reading.valid && (
          <button type="button" className="small secondary" onClick={() => download(`${formatted}\n`, fileName(createdAt))}>
            {t('json.save')}
          </button>
        )}
      </div>
      {!reading.valid && <JsonProblemNote problem={reading.problem} reply />}
      <pre className={reading.valid ? 'json-view' : 'json-view raw'} data-testid="message-text" tabIndex={0} dir="ltr">
        {formatted === '' ? <code>{t('tools.empty')}</code> : <code translate="no">{formatted}</code>}
      </pre>
    </div>
  );
}
