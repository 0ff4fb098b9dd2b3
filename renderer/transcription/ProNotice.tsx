import { useTranslation } from 'react-i18next';
import { openSettings } from '../navigation';

/** Why the controls are off on the Free plan, and where to change it. */
export function ProNotice() {
  const { t } = useTranslation('transcription');
  return (
    <div className="notice setup pro-notice" role="status">
      <div>
        <p className="notice-title">{t('proNotice.title')}</p>
        <p>{t('proNotice.body')}</p>
      </div>
      <button type="button" onClick={openSettings}>
        {t('proNotice.open')}
      </button>
    </div>
  );
}
