/** Drafts are the page's own: kept in localStorage, so a reload (or a crash of the page) loses none. */
const KEY = 'confab.drafts';

export function loadDrafts(): Record<string, string> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return stored && typeof stored === 'object' ? (stored as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function saveDrafts(drafts: Record<string, string>) {
  try {
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(Object.entries(drafts).filter(([, text]) => text !== ''))));
  } catch {
    // Storage full or disabled: the draft still lives in memory for this page.
  }
}
