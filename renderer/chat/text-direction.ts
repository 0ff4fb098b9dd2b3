const RIGHT_TO_LEFT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
/** Far enough to pass leading spaces, digits and punctuation; a letter further in is not what the text starts with. */
const LOOK_AHEAD = 1000;

/**
 * The direction of a field's text, found as dir="auto" finds it, by its first letter. Chromium
 * re-reads a whole textarea on every change when it is dir="auto", which freezes the page with a
 * draft of a million characters; this reads its start only. Without a letter the field follows the page.
 */
export function textDirection(text: string): 'ltr' | 'rtl' | undefined {
  const letter = /\p{L}/u.exec(text.slice(0, LOOK_AHEAD))?.[0];
  if (!letter) return undefined;
  return RIGHT_TO_LEFT.test(letter) ? 'rtl' : 'ltr';
}
