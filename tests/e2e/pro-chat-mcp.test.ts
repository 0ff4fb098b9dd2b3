import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { type Harness, lastReply, newChat, openApp, openOptions, send, setPlan, textOf, useKey, useRefusedKey } from '../support/chat';
import { STDIO_SCRIPT, openSettings, section, server, setTheme, showSection, statusOf } from '../support/mcp';

// Settings' Tools (MCP) section: the service's own server (connected, or why not), servers the
// user adds (an unreachable address, a local command over stdio the test allows in the
// harness's terminal), and a tool of that local server used in a chat. Servers pasted as JSON
// are in pro-chat-mcp-paste.test.ts, Tool permissions in tool-permissions.test.ts.
let h: Harness;

beforeAll(async () => {
  h = await openApp({ answersConsent: true });
});

afterAll(async () => {
  await h?.close();
});

describe('the Tools (MCP) section', () => {
  it('starts with a Pro key on the Pro plan', async () => {
    await useKey(h.page, h.fake.keys.pro);
    await setPlan(h.page, 'Pro');
  });

  it("lists the service's server as connected, with its tools and their descriptions", async () => {
    const { page } = h;
    await openSettings(page);
    await expect.poll(() => statusOf(page, 'Service')).toMatch(/Connected · 5 tools/);
    const service = server(page, 'Service');
    await service.getByText('Built in').waitFor();
    await service.getByText(h.fake.mcpUrl).waitFor();
    for (const tool of ['get_weather', 'add_numbers', 'search_notes', 'slow_echo', 'fail_always']) {
      await service.getByRole('term').getByText(tool, { exact: true }).waitFor();
    }
    expect(await service.getByRole('definition').first().innerText()).not.toBe('');
    expect(await service.getByRole('button', { name: 'Remove Service' }).count()).toBe(0);
  });

  it('says an unreachable server is unreachable, naming the host, and removes it', async () => {
    const { page } = h;
    await section(page).getByRole('button', { name: 'Add a server' }).click();
    const form = section(page).getByRole('form', { name: 'Add a server' });
    await form.getByLabel('Name', { exact: true }).fill('Broken tools');
    await form.getByLabel('Server URL').fill('http://127.0.0.1:9/mcp');
    await form.getByRole('button', { name: 'Add header' }).click();
    await form.getByLabel('Header 1 name').fill('X-Api-Key');
    await form.getByLabel('Header 1 value').fill('header-secret-1234');
    await form.getByRole('button', { name: 'Add server' }).click();
    await expect.poll(() => statusOf(page, 'Broken tools'), { timeout: 15_000 }).toMatch(/^Unreachable\s+Confab could not reach 127\.0\.0\.1:9 \([^)]+\)\./);
    // The host once in the status, the reason once.
    expect((await statusOf(page, 'Broken tools')).split('127.0.0.1:9')).toHaveLength(2);
    expect((await statusOf(page, 'Broken tools')).split('(')).toHaveLength(2);
    await showSection(page);
    await screenshot(page, 'pro-chat-mcp-section-light');
    await setTheme(page, 'Dark');
    await showSection(page);
    await screenshot(page, 'pro-chat-mcp-section-dark');
    await setTheme(page, 'Follow the system');

    // Editing shows the stored header as stored, never its value.
    await server(page, 'Broken tools').getByRole('button', { name: 'Edit Broken tools' }).click();
    const edit = section(page).getByRole('form', { name: 'Edit Broken tools' });
    await edit.getByText('••• stored').waitFor();
    expect(await edit.getByLabel('Header 1 name').inputValue()).toBe('X-Api-Key');
    expect(await page.content()).not.toContain('header-secret-1234');
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await server(page, 'Broken tools').getByRole('button', { name: 'Remove Broken tools' }).click();
    await section(page).getByRole('button', { name: 'Yes, remove it' }).click();
    await expect.poll(() => server(page, 'Broken tools').count()).toBe(0);
  });

  it("says why the service's server refuses an unknown key (401), and connects again with a good one", async () => {
    const { page, fake } = h;
    await useRefusedKey(page, fake, 'sk-not-a-real-key-0000');
    await openSettings(page);
    // The key change starts an attempt of its own; Reconnect runs another once that has ended.
    const reconnect = server(page, 'Service').getByRole('button', { name: 'Reconnect Service' });
    await reconnect.click();
    const host = new URL(fake.mcpUrl).host;
    const said = new RegExp(`^Credentials refused\\s+${host} refused the credentials\\.\\s+Incorrect API key`);
    // The status as it stood when it matched: a refresh may start another attempt right after.
    let refused = '';
    await expect.poll(async () => (refused = (await reconnect.isEnabled()) ? await statusOf(page, 'Service') : 'busy')).toMatch(said);
    // No raw status or code, the host once, and no advice to go where the card already is.
    expect(refused.replaceAll(host, '')).not.toMatch(/401|invalid_api_key|Settings/);
    expect(refused.split(host)).toHaveLength(2);
    expect(refused).toMatch(/Check the API key above/);
    await showSection(page);
    await screenshot(page, 'pro-chat-mcp-401');

    // A profile without a key: one clear sentence, not the server's 401.
    await page.getByRole('button', { name: 'Delete key' }).click();
    await page.getByRole('button', { name: 'Yes, delete the key' }).click();
    await expect.poll(() => statusOf(page, 'Service')).toMatch(/^Not set up\s+No API key is stored for this profile, and the service's tools need one\./);
    const noKey = await statusOf(page, 'Service');
    expect(noKey).toMatch(/Add the key under API key, above/);
    expect(noKey).not.toMatch(/401|missing_api_key|Settings/);
    expect(noKey).not.toContain(new URL(fake.mcpUrl).host);
    await showSection(page);
    await screenshot(page, 'pro-chat-mcp-no-key');

    await useKey(page, fake.keys.pro);
    await openSettings(page);
    await expect.poll(() => statusOf(page, 'Service'), { timeout: 15_000 }).toMatch(/Connected · 5 tools/);
  });

  it('adds a local command over stdio; it connects, lists its tools, and one of them answers in a chat', async () => {
    const { page, fake } = h;
    await section(page).getByRole('button', { name: 'Add a server' }).click();
    const form = section(page).getByRole('form', { name: 'Add a server' });
    await form.getByLabel('Name', { exact: true }).fill('Local station');
    await form.getByRole('radio', { name: /^Local command/ }).check();
    await form.getByLabel('Command', { exact: true }).fill(process.execPath);
    await form.getByLabel('Arguments').fill(['--import', 'tsx', STDIO_SCRIPT].join('\n'));
    await form.getByRole('button', { name: 'Add variable' }).click();
    await form.getByLabel('Variable 1 name').fill('STATION_NAME');
    await form.getByLabel('Variable 1 value').fill('Harbour West');
    const asked = h.app.consentQuestions();
    await form.getByRole('button', { name: 'Add server' }).click();
    // Nothing runs until the user says yes in the terminal that started Confab; the page says where.
    await expect.poll(() => statusOf(page, 'Local station'), { timeout: 20_000 }).toMatch(/Waiting for your confirmation in Confab's terminal\./);
    await expect.poll(() => h.app.consentQuestions()).toBe(asked + 1);
    const question = h.app.output().slice(h.app.output().lastIndexOf('=== Confab asks:'));
    expect(question).toContain('The MCP server "Local station" wants Confab to run a program on this computer.');
    expect(question).toContain(`Command: ${process.execPath} --import tsx ${STDIO_SCRIPT}`);
    expect(question).toContain('Environment variables (values hidden): STATION_NAME');
    expect(h.app.output()).not.toContain('Harbour West');
    await showSection(page);
    await server(page, 'Local station').scrollIntoViewIfNeeded();
    await screenshot(page, 'pro-chat-mcp-awaiting-consent');
    h.app.answerConsent('y');
    await expect.poll(() => statusOf(page, 'Local station'), { timeout: 20_000 }).toMatch(/Connected · 2 tools/);
    const local = server(page, 'Local station');
    await local.getByRole('term').getByText('read_env', { exact: true }).waitFor();
    await local.getByText('Returns the value of one environment variable of the server process.').waitFor();
    expect(await local.getByText(STDIO_SCRIPT).count()).toBe(1);

    await newChat(page);
    await openOptions(page);
    const box = page.getByRole('group', { name: 'Tools of Local station' }).getByRole('checkbox', { name: /^read_env\b/ });
    await box.check();
    await page.getByRole('button', { name: 'Chat options' }).click();
    fake.chat.next({ toolCalls: [{ name: 'read_env', arguments: { name: 'STATION_NAME' }, id: 'env1' }] });
    fake.chat.next({ reply: 'The station is Harbour West.' });
    await send(page, 'Which station is this?');
    const card = page.getByRole('alertdialog', { name: /^Run read_env on Local station\?/ });
    expect(await card.getByLabel('Arguments').innerText()).toBe(JSON.stringify({ name: 'STATION_NAME' }, null, 2));
    await card.getByRole('button', { name: 'Approve', exact: true }).click();
    // The last reply is the step after the tool's result; it ends with the answer.
    await expect
      .poll(async () => ((await lastReply(page).getAttribute('aria-busy')) === 'false' ? textOf(lastReply(page)) : null))
      .toBe('The station is Harbour West.');
    await page.getByRole('article', { name: 'Result of read_env' }).getByText('Harbour West', { exact: true }).waitFor();
    const tools = fake.requests.filter((r) => r.path === '/v1/chat/completions').at(-2)!.body as { tools: Array<{ function: { name: string } }> };
    expect(tools.tools.map((tool) => tool.function.name)).toEqual(['read_env']);
  });

  it('refuses a local command nobody allowed: it never runs and says why', async () => {
    const { page } = h;
    await openSettings(page);
    await section(page).getByRole('button', { name: 'Add a server' }).click();
    const form = section(page).getByRole('form', { name: 'Add a server' });
    await form.getByLabel('Name', { exact: true }).fill('Unwanted');
    await form.getByRole('radio', { name: /^Local command/ }).check();
    await form.getByLabel('Command', { exact: true }).fill(process.execPath);
    await form.getByLabel('Arguments').fill(['--import', 'tsx', STDIO_SCRIPT, '--unwanted'].join('\n'));
    const asked = h.app.consentQuestions();
    await form.getByRole('button', { name: 'Add server' }).click();
    await expect.poll(() => h.app.consentQuestions(), { timeout: 20_000 }).toBe(asked + 1);
    h.app.answerConsent('n');
    await expect
      .poll(() => statusOf(page, 'Unwanted'), { timeout: 20_000 })
      .toMatch(/Not allowed to run[\s\S]*was not started: it was not allowed in Confab's terminal\. Press Reconnect to be asked again\./);
    await server(page, 'Unwanted').scrollIntoViewIfNeeded();
    await screenshot(page, 'pro-chat-mcp-refused');
    await server(page, 'Unwanted').getByRole('button', { name: 'Remove Unwanted' }).click();
    await section(page).getByRole('button', { name: 'Yes, remove it' }).click();
    await expect.poll(() => server(page, 'Unwanted').count()).toBe(0);
  });
});
