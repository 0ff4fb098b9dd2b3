import { describe, expect, it, vi } from 'vitest';
import type { UiLanguage } from '../../../../shared/i18n/languages';

const fakes = vi.hoisted(() => ({ options: null as null | { labels: Record<string, string> } }));
vi.mock('electron', () => ({ screen: { getDisplayMatching: () => ({ id: 1 }) } }));
vi.mock('electron-context-menu', () => ({ default: (options: { labels: Record<string, string> }) => void (fakes.options = options) }));

const { trackWindow } = await import('../../../../electron/shell/desktop/window-tracking');
const { createLanguageService } = await import('../../../../electron/core/services/language/language-service');

describe("the text fields' context menu", () => {
  it('is worded in the UI language each time it opens, so it follows a switch', () => {
    let language: UiLanguage = 'fr';
    const { t } = createLanguageService({ language: () => language, onSettingsChange: () => undefined });
    trackWindow({ on: vi.fn() } as never, '/data', false, t);
    const labels = fakes.options!.labels;
    expect([labels.cut, labels.copy, labels.paste, labels.selectAll]).toEqual(['Couper', 'Copier', 'Coller', 'Tout sélectionner']);
    language = 'ar';
    expect(labels.copyLink).toBe('نسخ الرابط');
    // The library puts the selection in its own placeholder.
    expect(labels.lookUpSelection).toBe('البحث عن «{selection}»');
  });
});
