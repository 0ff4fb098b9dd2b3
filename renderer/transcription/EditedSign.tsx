import { Trans, useTranslation } from 'react-i18next';
import { problemText } from '../common/problem-text';
import type { OriginalState } from './store';

/**
 * Says that the page shows the user's corrections, and switches to the service's original
 * (read-only) and back; exports and Ask always use the edited version.
 */
export function EditedSign(props: { showingOriginal: boolean; original: OriginalState | undefined; onShowOriginal(show: boolean): void }) {
  const { t } = useTranslation('transcription');
  const { showingOriginal, original } = props;
  return (
    <div className={showingOriginal ? 'edited-sign original' : 'edited-sign'} role="note" aria-label={t('edited.label')}>
      {showingOriginal ? (
        <>
          <p>
            <Trans t={t} i18nKey="edited.original" components={[<strong key="0" />]} />
          </p>
          <button type="button" className="link" onClick={() => props.onShowOriginal(false)}>
            {t('edited.back')}
          </button>
        </>
      ) : (
        <>
          <p>
            <Trans t={t} i18nKey="edited.edited" components={[<strong key="0" />]} />
          </p>
          <button type="button" className="link" onClick={() => props.onShowOriginal(true)}>
            {t('edited.show')}
          </button>
        </>
      )}
      {showingOriginal && original?.status === 'loading' && <p className="hint">{t('edited.loading')}</p>}
      {showingOriginal && original?.status === 'failed' && (
        <p className="field-error" role="alert">
          {t('edited.failed', { problem: problemText(original.error) })}
        </p>
      )}
    </div>
  );
}
