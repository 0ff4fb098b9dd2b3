/**
 * Counts in words: "1 part", "0 parts", "2 parts". The one place a noun's form is chosen for a
 * number (Intl.PluralRules picks the category), so the coming translations replace this alone.
 */
const rules = new Intl.PluralRules('en');

export interface Forms {
  one: string;
  other: string;
}

/** The noun's form for `n`: "part" or "parts". */
export const nounFor = (n: number, forms: Forms): string => (rules.select(n) === 'one' ? forms.one : forms.other);

/** The count and its noun: "1 part", "3 parts". */
export const counted = (n: number, forms: Forms): string => `${n} ${nounFor(n, forms)}`;
