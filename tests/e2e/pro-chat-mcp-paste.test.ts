import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { type Harness, openApp, useKey } from '../support/chat';
import { STDIO_SCRIPT, openSettings, section, server, statusOf } from '../support/mcp';

// Servers pasted as JSON into Settings' Tools (MCP) section, as other apps write them: broken
// JSON named as such, one server filling the form (its command still asks in the harness's
// terminal), and a block of several added together.
let h: Harness;

beforeAll(async () => {
  h = await openApp({ answersConsent: true });
  await useKey(h.page, h.fake.keys.pro);
});

afterAll(async () => {
  await h?.close();
});

describe('servers pasted as JSON', () => {
  it('reads a pasted mcpServers block: one server fills the form, and its command still waits for the terminal', async () => {
    const { page } = h;
    await openSettings(page);
    await section(page).getByRole('button', { name: 'Add a server' }).click();
    const form = section(page).getByRole('form', { name: 'Add a server' });
    await form.getByText('Paste JSON from another app').click();
    const json = form.getByLabel('Server JSON');
    // Broken JSON: the reason, and what was pasted stays to be fixed.
    await json.fill('{"mcpServers": {"notes": {"url": ');
    await form.getByRole('button', { name: 'Read JSON' }).click();
    await form.getByRole('alert').getByText(/^This is not valid JSON \(.+\)\. Copy it again, braces included\.$/).waitFor();
    expect(await json.inputValue()).toBe('{"mcpServers": {"notes": {"url": ');

    const args = ['--import', 'tsx', STDIO_SCRIPT, '--pasted'];
    await json.fill(JSON.stringify({ mcpServers: { 'Pasted station': { command: process.execPath, args, env: { STATION_NAME: 'Quay East' } } } }));
    await form.getByRole('button', { name: 'Read JSON' }).click();
    await form.getByText('Filled in from the JSON. Check it, then add the server.').waitFor();
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('Pasted station');
    expect(await form.getByRole('radio', { name: /^Local command/ }).isChecked()).toBe(true);
    expect(await form.getByLabel('Command', { exact: true }).inputValue()).toBe(process.execPath);
    expect(await form.getByLabel('Arguments').inputValue()).toBe(args.join('\n'));
    expect(await form.getByLabel('Variable 1 name').inputValue()).toBe('STATION_NAME');
    expect(await form.getByLabel('Variable 1 value').inputValue()).toBe('Quay East');
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, 'pro-chat-mcp-paste-filled');

    const asked = h.app.consentQuestions();
    await form.getByRole('button', { name: 'Add server' }).click();
    await expect.poll(() => h.app.consentQuestions(), { timeout: 20_000 }).toBe(asked + 1);
    expect(h.app.output().slice(h.app.output().lastIndexOf('=== Confab asks:'))).toContain('The MCP server "Pasted station" wants Confab to run a program');
    h.app.answerConsent('n');
    await expect.poll(() => statusOf(page, 'Pasted station'), { timeout: 20_000 }).toMatch(/^Not allowed to run/);
    await server(page, 'Pasted station').getByRole('button', { name: 'Remove Pasted station' }).click();
    await section(page).getByRole('button', { name: 'Yes, remove it' }).click();
    await expect.poll(() => server(page, 'Pasted station').count()).toBe(0);
  });

  it('lists the servers of a pasted block with several, and adds them together', async () => {
    const { page, fake } = h;
    await section(page).getByRole('button', { name: 'Add a server' }).click();
    const form = section(page).getByRole('form', { name: 'Add a server' });
    await form.getByText('Paste JSON from another app').click();
    const pasted = {
      mcpServers: {
        'Pasted tools': { url: fake.mcpUrl, headers: { Authorization: `Bearer ${fake.keys.pro}` } },
        'Pasted nowhere': { url: 'http://127.0.0.1:9/mcp' },
      },
    };
    await form.getByLabel('Server JSON').fill(JSON.stringify(pasted, null, 2));
    await form.getByRole('button', { name: 'Read JSON' }).click();
    const found = form.getByRole('group', { name: 'Servers in the JSON' });
    await found.getByText('2 servers in the JSON:').waitFor();
    expect(await found.getByRole('listitem').allInnerTexts()).toEqual(['Pasted tools — at an address', 'Pasted nowhere — at an address']);
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, 'pro-chat-mcp-paste-several');
    await found.getByRole('button', { name: 'Add these 2 servers' }).click();
    await expect.poll(() => statusOf(page, 'Pasted tools'), { timeout: 15_000 }).toMatch(/Connected · 5 tools/);
    await expect.poll(() => statusOf(page, 'Pasted nowhere'), { timeout: 15_000 }).toMatch(/^Unreachable/);
    // The header's value went to main's keychain: the page shows it as stored only.
    expect(await page.content()).not.toContain(fake.keys.pro);
    for (const name of ['Pasted tools', 'Pasted nowhere']) {
      await server(page, name).getByRole('button', { name: `Remove ${name}` }).click();
      await section(page).getByRole('button', { name: 'Yes, remove it' }).click();
      await expect.poll(() => server(page, name).count()).toBe(0);
    }
  });
});
