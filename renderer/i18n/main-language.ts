import { api } from '../api';
import type { UiLanguage } from '../../shared/i18n/languages';

/** The language main resolved for the page: the user's choice, or the system's. */
export const mainLanguage = (): Promise<UiLanguage> => api.settings.get().then((settings) => settings.uiLanguage);
