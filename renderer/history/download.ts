import type { SaveOutcome } from '../../shared/contract/files';

/**
 * Finishes a save main started. In Electron main has shown its dialog and written the file,
 * so this only has words for it; the browser harness gets the bytes, which the browser's own
 * download saves. Answers the confirmation to show, if any.
 */
export function deliver(outcome: SaveOutcome): string | null {
  if (outcome.kind === 'saved') return `Saved ${outcome.fileName}.`;
  if (outcome.kind === 'cancelled') return null;
  const binary = atob(outcome.base64);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: outcome.mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = outcome.fileName;
  link.click();
  // The browser reads the blob after this turn; a minute is ample for it to start the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return null;
}
