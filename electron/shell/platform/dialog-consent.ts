import { type BrowserWindow, dialog } from 'electron';
import { type Consent, describeConsent } from '../../core/services/consent/consent';

/**
 * Electron's consent: a native message box, modal to the main window, that the page can
 * neither draw nor click. "Don't allow" is the default and the answer to Escape.
 */
export function dialogConsent(window: () => BrowserWindow | null): Consent {
  return {
    where: 'the dialog Confab opened',
    async ask(request) {
      const { title, message, detail } = describeConsent(request);
      const options = { type: 'warning' as const, title, message, detail, buttons: ["Don't allow", 'Allow'], defaultId: 0, cancelId: 0, noLink: true };
      const parent = window();
      const { response } = parent ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options);
      return response === 1;
    },
  };
}
