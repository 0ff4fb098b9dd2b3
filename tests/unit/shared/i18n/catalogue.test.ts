import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GLOSSARY } from '../../../../shared/i18n/glossary';
import { NAMESPACES } from '../../../../shared/i18n/namespaces';
import { TRANSLATED, catalogue, flatten } from '../../../support/catalogue';

// The catalogue as a whole: every language has every key (in its own plural forms), keeps the
// placeholders, uses the glossary's word for the product's terms, and no key is left unused.

const PLURAL = /_(zero|one|two|few|many|other)$/;
const english = catalogue('en');

/** The keys a language must have: English's, each plural one in the language's own categories. */
function expectedKeys(language: string, ns: (typeof NAMESPACES)[number]): string[] {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const [key] of flatten(english[ns])) {
    if (PLURAL.test(key)) for (const category of categories) keys.add(key.replace(PLURAL, `_${category}`));
    else keys.add(key);
  }
  return [...keys].sort();
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}|<(\/?\d+)\/?>/g)].map((m) => m[1] ?? m[2]).sort();

describe.each(TRANSLATED)('the %s catalogue', (language) => {
  const translated = catalogue(language);
  it.each(NAMESPACES)('has every key of %s in its plural forms, and no other', (ns) => {
    expect(flatten(translated[ns]).map(([key]) => key).sort()).toEqual(expectedKeys(language, ns));
  });
  it.each(NAMESPACES)('keeps every placeholder of %s and leaves no string empty', (ns) => {
    const source = new Map(flatten(english[ns]).map(([key, text]) => [key.replace(PLURAL, ''), text]));
    const wrong = flatten(translated[ns]).filter(([key, text]) => {
      const original = source.get(key.replace(PLURAL, ''));
      // A plural form may leave out the count ("one file" rather than "1 file").
      const want = placeholders(original ?? '').filter((name) => !PLURAL.test(key) || name !== 'count');
      const have = placeholders(text).filter((name) => !PLURAL.test(key) || name !== 'count');
      return text.trim() === '' || JSON.stringify(want) !== JSON.stringify(have);
    });
    expect(wrong.map(([key, text]) => `${ns}:${key} = ${JSON.stringify(text)}`)).toEqual([]);
  });
  it('says each of the product\'s terms with the glossary\'s word', () => {
    const misses: string[] = [];
    for (const ns of NAMESPACES) {
      const words = new Map(flatten(translated[ns]));
      for (const [key, text] of flatten(english[ns])) {
        for (const [term, { match, words: glossary }] of Object.entries(GLOSSARY)) {
          if (!match.test(text)) continue;
          const said = PLURAL.test(key) ? [...words].filter(([k]) => k.replace(PLURAL, '') === key.replace(PLURAL, '')).map(([, t]) => t) : [words.get(key) ?? ''];
          const stems = glossary[language as keyof typeof glossary];
          for (const sentence of said) {
            if (!stems.some((stem) => sentence.toLowerCase().includes(stem.toLowerCase()))) misses.push(`${ns}:${key} (${term}: ${stems.join(' / ')}) = ${sentence}`);
          }
        }
      }
    }
    expect(misses).toEqual([]);
  });
});

const SOURCES = ['renderer', 'electron', 'shared'].flatMap((dir) =>
  readdirSync(join(process.cwd(), dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => readFileSync(join(process.cwd(), dir, file), 'utf8')),
).join('\n');

describe('the English catalogue', () => {
  it.each(NAMESPACES)('has no key of %s that the code never uses', (ns) => {
    const bases = new Set(flatten(english[ns]).map(([key]) => key.replace(PLURAL, '')));
    const unused = [...bases].filter((key) => !new RegExp(`['"\`](${ns}:)?${key.replace(/[.$]/g, '\\$&')}['"\`]`).test(SOURCES));
    expect(unused.map((key) => `${ns}:${key}`)).toEqual([]);
  });
});
