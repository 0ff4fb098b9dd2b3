// The catalogue as files: every language's namespaces read from shared/i18n/locales, for the
// checks that compare languages and for the journeys that find controls by their words.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UI_LANGUAGES } from '../../shared/i18n/languages';
import { NAMESPACES, type Namespace } from '../../shared/i18n/namespaces';

export type Tree = { [key: string]: string | Tree };
export const LOCALES = join(process.cwd(), 'shared', 'i18n', 'locales');
export const TRANSLATED = UI_LANGUAGES.filter((language) => language !== 'en');

export function catalogue(language: string): Record<Namespace, Tree> {
  return Object.fromEntries(
    NAMESPACES.map((ns) => [ns, JSON.parse(readFileSync(join(LOCALES, language, `${ns}.json`), 'utf8')) as Tree]),
  ) as Record<Namespace, Tree>;
}

/** Every string with its dotted key: [["composer.send", "Send"], …]. */
export function flatten(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value, `${prefix}${key}.`),
  );
}
