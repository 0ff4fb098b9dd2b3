import { beforeAll, describe, expect, it, vi } from 'vitest';
import { problemWords } from '../../../../renderer/common/problem-text';
import { i18n } from '../../../../renderer/i18n';
import { english } from '../../../../shared/i18n/english';
import { i18nOptions } from '../../../../shared/i18n/options';
import { catalogue } from '../../../support/catalogue';

// The words read i18next only; the page's bridge to main is not needed.
vi.mock('../../../../renderer/api', () => ({ api: {} }));

beforeAll(async () => {
  await i18n.init({ ...i18nOptions('en'), resources: { en: english, ja: catalogue('ja') } });
});

describe('where main asked for consent', () => {
  it('is sent as a place and said in the UI language', async () => {
    expect(problemWords({ code: 'mcp.awaiting_consent', values: { where: 'terminal' } })).toBe("Waiting for your confirmation in Confab's terminal.");
    expect(problemWords({ code: 'tools.allow_not_confirmed', values: { where: 'dialog' } })).toBe(
      'Not changed: "allow" was not confirmed in the dialog Confab opened. Nothing runs without asking.',
    );
    await i18n.changeLanguage('ja');
    expect(problemWords({ code: 'mcp.not_allowed', values: { command: 'node', where: 'dialog' } })).toContain('Confab が開いたダイアログ で許可されませんでした');
    await i18n.changeLanguage('en');
  });
});
