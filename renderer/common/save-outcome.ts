import type { SaveOutcome } from '../../shared/contract/files';
import { i18n } from '../i18n';

/**
 * Finishes a save main started. In Electron main has shown its dialog and written the file,
 * so this only has words for it; in the browser harness main answers a short-lived download
 * URL, and the browser's own download fetches the bytes from it and asks where to save them.
 * Answers the confirmation to show in the UI language, if any.
 */
export function deliver(outcome: SaveOutcome): string | null {
  switch (outcome.kind) {
    case 'saved':
      return i18n.t('saved.saved', { ns: 'common', fileName: outcome.fileName });
    case 'cancelled':
      return null;
    case 'download': {
      const link = document.createElement('a');
      link.href = outcome.url;
      link.download = outcome.fileName;
      document.body.append(link);
      link.click();
      link.remove();
      return i18n.t('saved.downloaded', { ns: 'common', fileName: outcome.fileName });
    }
  }
}
