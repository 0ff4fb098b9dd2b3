/**
 * What is usable of a name that came with a file or from the page, never a path: the last path
 * segment that has anything left once characters no file system accepts, control characters and
 * leading dots are dropped. Null when nothing is (`../`, only dots, slashes or control characters):
 * the caller names the file itself. Names reach save dialogs, downloads, uploads and titles, so a
 * name such as `../../.bashrc` must never steer anything outside where it is meant to go.
 */
export function usableName(name: string, maxLength = 120): string | null {
  for (const segment of name.split(/[\\/]/).reverse()) {
    const clean = segment
      .replace(/[:*?"<>|\u0000-\u001f\u007f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[.\s]+/, '')
      .trim()
      .slice(0, maxLength);
    if (clean) return clean;
  }
  return null;
}
