const KEY = 'confab.recording.nameSkipped';

/** Skip leaves settings' name unset (main labels those words without it), so the page remembers it was asked. */
export const nameAsked = () => localStorage.getItem(KEY) === '1';
export const skipName = () => localStorage.setItem(KEY, '1');
