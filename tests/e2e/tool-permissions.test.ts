import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { screenshot } from '../support/browser';
import { type Harness, openApp, useKey } from '../support/chat';
import { STDIO_SCRIPT, openSettings, section, setTheme, statusOf } from '../support/mcp';

// Settings' Tool permissions: a rule per tool or per server, set and revoked by keyboard, and
// "allow" only once confirmed in the harness's terminal. The rules are for the service's server
// and a local stdio server, added (and allowed to run) before the journey.
let h: Harness;

beforeAll(async () => {
  h = await openApp({ answersConsent: true });
  await useKey(h.page, h.fake.keys.pro);
  await openSettings(h.page);
  await section(h.page).getByRole('button', { name: 'Add a server' }).click();
  const form = section(h.page).getByRole('form', { name: 'Add a server' });
  await form.getByLabel('Name', { exact: true }).fill('Local station');
  await form.getByRole('radio', { name: /^Local command/ }).check();
  await form.getByLabel('Command', { exact: true }).fill(process.execPath);
  await form.getByLabel('Arguments').fill(['--import', 'tsx', STDIO_SCRIPT].join('\n'));
  const asked = h.app.consentQuestions();
  await form.getByRole('button', { name: 'Add server' }).click();
  // vi.waitFor, not expect.poll, which a hook cannot use.
  await vi.waitFor(() => expect(h.app.consentQuestions()).toBe(asked + 1), { timeout: 20_000 });
  h.app.answerConsent('y');
  await vi.waitFor(async () => expect(await statusOf(h.page, 'Local station')).toMatch(/Connected · 2 tools/), { timeout: 20_000 });
});

afterAll(async () => {
  await h?.close();
});

describe('Tool permissions', () => {
  const permissions = (page: Page) => page.getByRole('region', { name: 'Tool permissions' });
  const rules = (page: Page) => permissions(page).getByRole('list', { name: 'Tool permission rules' });
  const ruleFor = (page: Page, subject: string) => rules(page).getByRole('combobox', { name: `Rule for ${subject}` });

  it('sets a rule by keyboard, needs the terminal for "allow", and revokes it', async () => {
    const { page, app } = h;
    await openSettings(page);
    const region = permissions(page);
    await region.getByText('No rules yet: every tool asks before each call.').waitFor();
    await region.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'tool-permissions-empty');

    // Block read_env of the local server, with the keyboard only.
    const add = region.getByRole('form', { name: 'Add a tool permission rule' });
    await add.getByLabel('Server').selectOption({ label: 'Local station' });
    await add.getByLabel('Tool').focus();
    await add.getByLabel('Tool').selectOption('read_env');
    await add.getByLabel('Rule').selectOption('block');
    await add.getByRole('button', { name: 'Set rule' }).focus();
    await page.keyboard.press('Enter');
    const subject = 'read_env · Local station';
    await expect.poll(() => ruleFor(page, subject).inputValue()).toBe('block');

    // Allow needs a yes in the terminal: a no changes nothing and says why.
    let asked = app.consentQuestions();
    await ruleFor(page, subject).selectOption('allow');
    await region.getByText(/Confirm “allow” in the dialog or terminal Confab opened/).waitFor();
    await expect.poll(() => app.consentQuestions()).toBe(asked + 1);
    expect(app.output()).toContain('Allow the tool "read_env" of "Local station" to run without asking each time?');
    app.answerConsent('n');
    await region.getByRole('alert').getByText(/Not changed: "allow" was not confirmed in Confab's terminal/).waitFor();
    expect(await ruleFor(page, subject).inputValue()).toBe('block');
    await region.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'tool-permissions-refused');

    asked = app.consentQuestions();
    await ruleFor(page, subject).selectOption('allow');
    await expect.poll(() => app.consentQuestions()).toBe(asked + 1);
    app.answerConsent('y');
    await expect.poll(() => ruleFor(page, subject).inputValue()).toBe('allow');
    expect(await region.getByRole('alert').count()).toBe(0);

    // A server-wide default next to it.
    await add.getByLabel('Server').selectOption({ label: 'Service' });
    await add.getByLabel('Rule').selectOption('block');
    await add.getByRole('button', { name: 'Set rule' }).click();
    await expect.poll(() => ruleFor(page, 'All tools (server default) · Service').inputValue()).toBe('block');
    await region.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'tool-permissions-light');
    await setTheme(page, 'Dark');
    await region.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'tool-permissions-dark');
    await setTheme(page, 'Follow the system');

    // Revoke both, the first with the keyboard.
    await rules(page).getByRole('button', { name: `Revoke the rule for ${subject}` }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => ruleFor(page, subject).count()).toBe(0);
    await rules(page).getByRole('button', { name: 'Revoke the rule for All tools (server default) · Service' }).click();
    await region.getByText('No rules yet: every tool asks before each call.').waitFor();
  });
});
