/**
 * Counts in words: "1 part", "0 parts", "2 parts". The one place a noun's form is chosen for a
 * number (Intl.PluralRules picks the category), in main's messages and the page's alike, so the
 * coming translations replace this alone.
 */
const rules = new Intl.PluralRules('en');
const numbers = new Intl.NumberFormat('en');

export interface Forms {
  one: string;
  other: string;
}

/** The noun's form for `n`: "part" or "parts". */
export const nounFor = (n: number, forms: Forms): string => (rules.select(n) === 'one' ? forms.one : forms.other);

/** The count and its noun: "1 part", "3 parts", "2,410 messages". */
export const counted = (n: number, forms: Forms): string => `${numbers.format(n)} ${nounFor(n, forms)}`;
