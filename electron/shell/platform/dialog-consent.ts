import { type BrowserWindow, dialog } from 'electron';
import { type Consent, describeConsent } from '../../core/services/consent/consent';

/**
 * Electron's consent: a native message box, modal to the main window, that the page can
 * neither draw nor click. "Don't allow" is the default and the answer to Escape.
 */
export function dialogConsent(window: () => BrowserWindow | null): Consent {
  return {
    where: 'dialog',
    async ask(request, t) {
      const { title, message, detail } = describeConsent(request, t);
      const buttons = [t('consent.deny'), t('consent.allow')];
      const options = { type: 'warning' as const, title, message, detail, buttons, defaultId: 0, cancelId: 0, noLink: true };
      const parent = window();
      const { response } = parent ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options);
      return response === 1;
    },
  };
}
