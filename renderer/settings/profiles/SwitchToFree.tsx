import { useTranslation } from 'react-i18next';
import type { ServiceFailure } from '../../../shared/domain/service-failure';
import { useSettings } from '../store';
import { useProfiles } from './store';

/**
 * A plan refusal's answer, first among its failure notice's buttons (the advice says why): the service never says which plan a key
 * has, so the plan stays the user's setting and this offers to correct it for the profile the
 * request was sent with. Main changes it; nothing else does.
 */
export function SwitchToFree({ failure }: { failure: ServiceFailure }) {
  const { t } = useTranslation('errors');
  const settings = useSettings((state) => state.settings);
  const setFree = useProfiles((state) => state.setFree);
  const id = failure.kind === 'plan' ? failure.profileId : undefined;
  if (!id || !settings) return null;
  const done = settings.profileId === id && settings.plan === 'free';
  return done ? (
    <p role="status">{t('failure.kind.plan.now_free')}</p>
  ) : (
    <button type="button" onClick={() => void setFree(id)}>
      {t('failure.kind.plan.switch_to_free')}
    </button>
  );
}
