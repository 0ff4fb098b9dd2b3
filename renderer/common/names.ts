import { i18n } from '../i18n';

/**
 * What the user reads for the service's wire names, decided once for every screen. The
 * service gives model ids only (seed §1 and §4.2 describe them but name none), so these
 * names are Confab's, each taken from the interface's own description; the id shows on hover.
 */
const MODEL_NAMES: Record<string, 'models.default' | 'models.fast' | 'models.pro' | 'models.speech1'> = {
  default: 'models.default',
  fast: 'models.fast',
  pro: 'models.pro',
  'speech-1': 'models.speech1',
};

/**
 * A model's name in the UI language; an id Confab has no name for is shown as it is. Call it
 * while rendering a component that uses useTranslation, so a language change re-words it.
 */
export const modelName = (id: string): string => {
  const key = MODEL_NAMES[id.trim()];
  return key ? i18n.t(key, { ns: 'common' }) : id.trim();
};
