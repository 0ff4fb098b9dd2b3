import type { SaveOutcome } from '../../shared/contract/files';
import { fromBase64 } from './format';

/**
 * What a save came to, in words. In the browser harness main hands the bytes back and the
 * browser's own download saves them; in Electron main has written the file already.
 */
export function completeSave(outcome: SaveOutcome): string | null {
  switch (outcome.kind) {
    case 'saved':
      return `Saved as ${outcome.fileName}.`;
    case 'cancelled':
      return null;
    case 'download': {
      const url = URL.createObjectURL(new Blob([fromBase64(outcome.base64)], { type: outcome.mimeType }));
      const link = document.createElement('a');
      link.href = url;
      link.download = outcome.fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return `Downloaded ${outcome.fileName}.`;
    }
  }
}
