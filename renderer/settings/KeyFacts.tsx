import { Trans, useTranslation } from 'react-i18next';
import type { KeyStatus } from '../../shared/contract/secrets';
import { useFormats } from '../i18n';

const STORAGE_WORDS = { keychain: 'facts.keychain', memory: 'facts.memory', none: 'facts.stored', unknown: 'facts.stored' } as const;

/** What is known about the stored key: where it is kept, which address it is for, and its age. */
export function KeyFacts({ status }: { status: KeyStatus }) {
  const { t } = useTranslation('settings');
  const formats = useFormats();
  if (!status.stored) return null;
  // Addresses and the key's last characters are read left to right in every language.
  const mono = <span className="mono" translate="no" dir="ltr" />;
  const strongMono = <strong className="mono" translate="no" dir="ltr" />;
  if (!status.usable) {
    return (
      <div className="notice warning" role="status">
        <p className="notice-title">{t('facts.otherTitle')}</p>
        <p>
          <Trans
            t={t}
            i18nKey="facts.other"
            values={{ last4: status.last4, origin: status.origin ?? t('facts.noAddress'), current: status.currentOrigin ?? t('facts.thisAddress') }}
            components={{ 1: mono, 3: strongMono, 5: strongMono }}
          />
        </p>
      </div>
    );
  }
  return (
    <>
      <p>
        <Trans t={t} i18nKey={STORAGE_WORDS[status.storage]} values={{ last4: status.last4 }} components={{ 1: strongMono }} />
      </p>
      <p className="hint">
        <Trans t={t} i18nKey="facts.for" values={{ origin: status.origin }} components={{ 1: mono }} />
        {status.savedAt && status.ageDays !== null && (
          <>
            {' · '}
            <Trans
              t={t}
              i18nKey="facts.saved"
              values={{ age: formats.relative(-status.ageDays, 'day'), date: formats.date(new Date(status.savedAt)) }}
              components={{ 1: <time dateTime={status.savedAt} translate="no" /> }}
            />
          </>
        )}
      </p>
      {status.rotationDue && status.ageDays !== null && (
        <p className="notice warning" role="status">
          {t('facts.rotation', { count: status.ageDays })}
        </p>
      )}
    </>
  );
}
