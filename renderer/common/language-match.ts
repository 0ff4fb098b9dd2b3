import { ENGLISH_NAMES } from '../../shared/domain/languages';
import { fold } from '../../shared/domain/fold';

export interface NamedLanguage {
  code: string;
  name: string;
}

/**
 * The languages a typed search finds, for the pickers that search languages by name (the
 * recording's and a translation's): by the name shown, by the English name whatever the UI's
 * language, or by the exact code; a name that starts with what was typed before one that only
 * contains it. Empty: the whole list.
 */
export function languagesMatching<T extends NamedLanguage>(languages: readonly T[], query: string): T[] {
  const wanted = fold(query.trim());
  if (!wanted) return [...languages];
  const found = languages.filter(
    (language) => fold(language.name).includes(wanted) || fold(ENGLISH_NAMES[language.code] ?? '').includes(wanted) || fold(language.code) === wanted,
  );
  return [...found.filter((l) => fold(l.name).startsWith(wanted)), ...found.filter((l) => !fold(l.name).startsWith(wanted))];
}
