import { describe, expect, it } from 'vitest';
import { directionOf, languageChoiceSchema, matchLanguage, resolveLanguage } from '../../../../shared/i18n/languages';

// Which of Confab's languages a system's preferred languages get (shared/i18n/languages.ts).
describe('matching the system\'s languages', () => {
  it.each([
    [['zh-HK'], 'zh-TW'],
    [['zh-Hant'], 'zh-TW'],
    [['zh-TW'], 'zh-TW'],
    [['zh-SG'], 'zh-CN'],
    [['zh'], 'zh-CN'],
    [['pt-PT'], 'pt-BR'],
    [['pt'], 'pt-BR'],
    [['de-AT'], 'de'],
    [['ar-EG'], 'ar'],
    [['en-XA'], 'en-XA'],
    [['en-GB'], 'en'],
  ])('%j → %s', (preferred, expected) => {
    expect(matchLanguage(preferred)).toBe(expected);
  });

  it('takes the first language Confab speaks, skipping unknown and malformed tags', () => {
    expect(matchLanguage(['sw-KE', 'not a tag', 'ja-JP', 'fr'])).toBe('ja');
    expect(matchLanguage(['fr-CA', 'ja'])).toBe('fr');
  });

  it('falls back to English when none is spoken, or none is given', () => {
    expect(matchLanguage(['sw', 'fi-FI'])).toBe('en');
    expect(matchLanguage([])).toBe('en');
  });

  it('follows the system for "system", and the choice otherwise', () => {
    expect(resolveLanguage('system', ['ko-KR'])).toBe('ko');
    expect(resolveLanguage('ru', ['ko-KR'])).toBe('ru');
  });

  it('writes Arabic right to left, the others left to right', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('ja')).toBe('ltr');
  });

  it('lets Settings keep a language or "system", never the pseudo-language a page might ask for', () => {
    expect(languageChoiceSchema.safeParse('ar').success).toBe(true);
    expect(languageChoiceSchema.safeParse('system').success).toBe(true);
    expect(languageChoiceSchema.safeParse('en-XA').success).toBe(false);
  });
});
