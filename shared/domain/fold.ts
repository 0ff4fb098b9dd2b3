/**
 * Case and accents folded away, for matching what someone typed: "fra" finds "Français", "zoe"
 * finds "Zoë". The history's search index folds the same way (unicode61, remove_diacritics 2).
 */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
