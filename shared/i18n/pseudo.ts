/**
 * The pseudo-language made from English: every letter accented, each string about 40 % longer
 * and bracketed ⟦…⟧. Text on screen outside the brackets did not come from a translation, and
 * a layout that holds it holds the longest real language. Placeholders ({{name}}, $t(…)) and
 * markup (<1>…</1>) are kept as they are, so interpolation and <Trans> still work.
 */
const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [letter, [...'àƀçđéƒĝĥíĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][index]!]),
);
const KEPT = /(\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?\d+\/?>|<\/?[a-z]+\/?>)/g;
const PADDING = ' ·······································';

export function pseudoLocalize(text: string): string {
  const accented = text
    .split(KEPT)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/[a-zA-Z]/g, (letter) => ACCENTED[letter]!)))
    .join('');
  const visible = text.replace(KEPT, '').length;
  return `⟦${accented}${visible > 0 ? PADDING.slice(0, Math.ceil(visible * 0.4)) : ''}⟧`;
}

type Tree = { [key: string]: string | Tree };

/** The same keys as `english`, every string pseudo-localized. */
export function pseudoResources(english: Tree): Tree {
  return Object.fromEntries(
    Object.entries(english).map(([key, value]) => [key, typeof value === 'string' ? pseudoLocalize(value) : pseudoResources(value)]),
  );
}
