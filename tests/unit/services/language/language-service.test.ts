import { describe, expect, it, vi } from 'vitest';
import { createLanguageService, wordsIn } from '../../../../electron/core/services/language/language-service';
import { createSettingsStore } from '../../../../electron/core/services/settings/settings-store';
import { testFolder } from '../../../support/temp-folder';

/** The language service over a real settings store, as the core builds it. */
async function setup(systemLanguages: readonly string[]) {
  const settings = await createSettingsStore({ dir: await testFolder('confab-language-'), systemLanguages: () => systemLanguages });
  const language = createLanguageService({ language: () => settings.get().uiLanguage, onSettingsChange: settings.onChange });
  return { settings, language };
}

describe("main's language", () => {
  it("follows the system's preferred languages while the choice is 'system'", async () => {
    const { settings, language } = await setup(['ko-KR', 'en-US']);
    expect(settings.get().language).toBe('system');
    expect(language.language()).toBe('ko');
    expect(language.t('menu.file')).toBe('파일(&F)');
    expect(language.t('notification.finished')).toBe('전사 완료');
  });

  it('speaks the chosen language from the update on, and tells its listeners once', async () => {
    const { settings, language } = await setup(['ko-KR']);
    const heard = vi.fn();
    language.onChange(heard);
    await settings.update({ language: 'fr' });
    expect(language.t('menu.command.settings')).toBe('Réglages…');
    await settings.update({ theme: 'dark' });
    expect(heard.mock.calls).toEqual([['fr']]);
    // Back to the system's language: that is a change too.
    await settings.update({ language: 'system' });
    expect(heard.mock.calls).toEqual([['fr'], ['ko']]);
  });

  it('stops telling a listener that unsubscribed', async () => {
    const { settings, language } = await setup([]);
    const heard = vi.fn();
    language.onChange(heard)();
    await settings.update({ language: 'de' });
    expect(heard).not.toHaveBeenCalled();
    expect(language.t('menu.file')).toBe('&Datei');
  });

  it("words counts in each language's own plural forms and digits", () => {
    expect(wordsIn('en')('notification.newResults', { count: 1 })).toBe('1 new result');
    expect(wordsIn('ru')('notification.newResults', { count: 3 })).toBe('3 новых результата');
    expect(wordsIn('ru')('notification.newResults', { count: 5 })).toBe('5 новых результатов');
    expect(wordsIn('ar')('notification.newResults', { count: 2 })).toBe('نتيجتان جديدتان');
    expect(wordsIn('de')('notification.newResults', { count: 1200 })).toBe('1.200 neue Ergebnisse');
  });

  it('has the pseudo-language, so every word main shows can be told from a forgotten English one', () => {
    expect(wordsIn('en-XA')('menu.exit')).toMatch(/^⟦Éẋíţ.*⟧$/);
  });
});
