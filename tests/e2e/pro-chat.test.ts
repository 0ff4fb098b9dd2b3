import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLINED } from '../../electron/core/services/tools/settle-tool-call';
import { screenshot } from '../support/browser';
import {
  type Harness,
  backToChat,
  lastReply,
  lastRequestBody,
  newChat,
  openApp,
  openOptions,
  send,
  setPlan,
  settled,
  textOf,
  useKey,
} from '../support/chat';

// Pro chat features through the UI: JSON mode, and tools from the service's MCP server with
// the user's approval of each call (approve, deny, always allow), the step limit, and the plan.
let h: Harness;

beforeAll(async () => {
  h = await openApp({ answersConsent: true });
});

afterAll(async () => {
  await h?.close();
});

type ChatBody = { messages: Array<Record<string, unknown>>; tools?: Array<{ function: { name: string } }>; response_format?: unknown };
const chatBodies = () => h.fake.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.body as ChatBody);

const options = (page: Page) => page.getByRole('region', { name: 'Chat options' });
const jsonToggle = (page: Page) => options(page).getByRole('checkbox', { name: /^JSON mode/ });
const toolBox = (page: Page, server: string, tool: string) =>
  options(page).getByRole('group', { name: `Tools of ${server}` }).getByRole('checkbox', { name: new RegExp(`^${tool}\\b`) });
const approvalCard = (page: Page) => page.getByRole('alertdialog', { name: /^Run get_weather on Service\?/ });
const results = (page: Page) => page.getByRole('article', { name: /^(Result|Error|Denied) of / });

/** Waits until the last reply (after any tool steps) has ended with this text. */
async function answers(page: Page, expected: string) {
  await expect.poll(async () => {
    const reply = lastReply(page);
    if ((await reply.getAttribute('aria-busy')) !== 'false') return null;
    return (await reply.getByTestId('message-text').count()) ? textOf(reply) : null;
  }, { timeout: 10_000 }).toBe(expected);
}

describe('JSON mode', () => {
  it('starts with a Pro key on the Pro plan', async () => {
    await useKey(h.page, h.fake.keys.pro);
    await setPlan(h.page, 'Pro');
  });

  it('asks for a JSON object and shows a valid reply formatted, with copy and save as .json', async () => {
    const { page, fake } = h;
    await openOptions(page);
    await jsonToggle(page).check();
    fake.chat.next({ reply: '{"city":"Paris","forecast":[{"day":"Mon","high":14},{"day":"Tue","high":16}],"windy":false}', chunkSize: 7 });
    await send(page, 'Give me the forecast for Paris as JSON.');
    const reply = await settled(page);

    expect(lastRequestBody(fake).response_format).toEqual({ type: 'json_object' });
    const json = reply.getByRole('group', { name: 'JSON reply' });
    await json.getByText('Valid JSON').waitFor();
    expect(await textOf(reply)).toBe(
      JSON.stringify({ city: 'Paris', forecast: [{ day: 'Mon', high: 14 }, { day: 'Tue', high: 16 }], windy: false }, null, 2),
    );
    await page.getByRole('button', { name: 'Chat options' }).click();
    await screenshot(page, 'pro-chat-json-valid');

    const download = page.waitForEvent('download');
    await json.getByRole('button', { name: 'Save as .json' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/^reply-.*\.json$/);
    await json.getByRole('button', { name: 'Copy JSON' }).click();
    await expect.poll(async () => JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toMatchObject({ city: 'Paris', windy: false });
  });

  it('says when a reply is not valid JSON, and shows it as it arrived', async () => {
    const { page, fake } = h;
    fake.chat.next({ reply: '{not json' });
    await send(page, 'And for Lyon?');
    const reply = await settled(page);
    await reply.getByText('Not valid JSON', { exact: true }).waitFor();
    const note = reply.getByRole('note');
    expect(await note.innerText()).toMatch(/^The model was asked for JSON, but this reply is not valid JSON; it is shown as it arrived\. The JSON reader said: .+/);
    // The engine's own message is shown as it came, kept from translators.
    expect(await note.locator('[translate="no"]').innerText()).toMatch(/JSON/);
    expect(await textOf(reply)).toBe('{not json');
    expect(await reply.getByRole('button', { name: 'Save as .json' }).count()).toBe(0);
    await screenshot(page, 'pro-chat-json-invalid');

    await openOptions(page);
    await jsonToggle(page).uncheck();
  });
});

describe('tools with approval', () => {
  it('shows the full arguments before anything runs, runs the approved call through MCP and streams the answer', async () => {
    const { page, fake } = h;
    await newChat(page);
    await openOptions(page);
    await toolBox(page, 'Service', 'get_weather').check();
    expect(await page.locator('.options-summary').innerText()).toContain('1 tool');
    await page.getByRole('button', { name: 'Chat options' }).click();

    fake.chat.next({ toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius', note: 'for a picnic on Saturday' }, id: 'call_w1' }] });
    fake.chat.next({ reply: 'It is mild in Paris today: a good day for a picnic.', chunkSize: 5, intervalMs: 10 });
    const callsBefore = fake.mcpCalls.length;
    await send(page, 'Weather in Paris?');

    const card = approvalCard(page);
    await card.waitFor();
    // The card waits for the user, not the user for the reply (issue 41).
    expect(await page.getByText(/^Waiting for the (reply|next step)…$/).count()).toBe(0);
    // The FULL arguments, pretty-printed, before any decision.
    expect(await card.getByLabel('Arguments').innerText()).toBe(
      JSON.stringify({ city: 'Paris', unit: 'celsius', note: 'for a picnic on Saturday' }, null, 2),
    );
    // Focus is on the card itself: Enter approves nothing.
    await expect.poll(() => card.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    // A decision would disable the card's buttons in the render that follows the key press
    // (and send it to main from the same handler): two frames later they are still live.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await card.getByRole('button', { name: 'Approve', exact: true }).isEnabled()).toBe(true);
    expect(fake.mcpCalls.length).toBe(callsBefore);
    expect(await card.isVisible()).toBe(true);
    expect(chatBodies().at(-1)!.tools!.map((tool) => tool.function.name)).toEqual(['get_weather']);
    await screenshot(page, 'pro-chat-approval-card');

    await card.getByRole('button', { name: 'Approve', exact: true }).click();
    await answers(page, 'It is mild in Paris today: a good day for a picnic.');
    // The tool's input schema has no `note`, so the MCP server drops it; the user still saw it.
    expect(fake.mcpCalls.slice(callsBefore).map(({ name, arguments: args }) => ({ name, args }))).toEqual([
      { name: 'get_weather', args: { city: 'Paris', unit: 'celsius' } },
    ]);
    const result = page.getByRole('article', { name: 'Result of get_weather' });
    await result.getByText(/^Weather in Paris: /).waitFor();
    // Two steps happened; eight is the most there can be, not how many there will be.
    await page.getByText('Step 2 · at most 8').waitFor();
    await page.getByText('Approved', { exact: true }).waitFor();
    expect(await approvalCard(page).count()).toBe(0);
    await screenshot(page, 'pro-chat-tool-result');
  });

  it('shows the call, how it was decided, its result and the answer again when the conversation is reopened from history', async () => {
    const { page } = h;
    await page.reload();
    await page.getByRole('heading', { name: 'New chat' }).waitFor();
    await backToChat(page, 'Weather in Paris?');
    await page.getByRole('article', { name: 'Result of get_weather' }).getByText(/^Weather in Paris: /).waitFor();
    await page.getByText('Tool call', { exact: true }).waitFor();
    // The approval is main's record of the call, not something the page remembered.
    await page.getByText('Approved', { exact: true }).waitFor();
    expect(await textOf(lastReply(page))).toBe('It is mild in Paris today: a good day for a picnic.');
  });

  it('tells the model when the user declines, running nothing', async () => {
    const { page, fake } = h;
    fake.chat.next({ toolCalls: [{ name: 'get_weather', arguments: { city: 'Rome' }, id: 'call_no' }] });
    fake.chat.next({ reply: 'Understood, no weather lookup.' });
    const callsBefore = fake.mcpCalls.length;
    await send(page, 'And in Rome?');
    await approvalCard(page).getByRole('button', { name: 'Deny' }).click();
    await answers(page, 'Understood, no weather lookup.');
    expect(fake.mcpCalls.length).toBe(callsBefore);
    expect(chatBodies().at(-1)!.messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_no', content: DECLINED });
    const denied = page.getByRole('article', { name: 'Denied of get_weather' });
    await denied.getByText(DECLINED).waitFor();
    await denied.getByText(/you declined/).waitFor();
  });

  it('makes "Always allow" a rule once confirmed in the terminal, and runs the tool without asking from then on', async () => {
    const { page, fake, app } = h;
    await newChat(page);
    await openOptions(page);
    await toolBox(page, 'Service', 'get_weather').check();
    await page.getByRole('button', { name: 'Chat options' }).click();
    fake.chat.next({ toolCalls: [{ name: 'get_weather', arguments: { city: 'Lyon' }, id: 'a1' }] });
    fake.chat.next({ reply: 'Lyon is looked up.' });
    await send(page, 'Weather in Lyon?');
    const asked = app.consentQuestions();
    await approvalCard(page).getByRole('button', { name: 'Always allow this tool' }).click();
    // Main asks in its terminal, outside the page; the card says so meanwhile.
    await approvalCard(page).getByText(/Confirm “always allow” in the dialog or terminal/).waitFor();
    await expect.poll(() => app.consentQuestions()).toBe(asked + 1);
    expect(app.output()).toContain('Allow the tool "get_weather" of "Service" to run without asking each time?');
    app.answerConsent('y');
    await answers(page, 'Lyon is looked up.');

    fake.chat.next({ toolCalls: [{ name: 'get_weather', arguments: { city: 'Nice' }, id: 'a2' }] });
    fake.chat.next({ reply: 'Nice is looked up too.' });
    await send(page, 'And Nice?');
    await answers(page, 'Nice is looked up too.');
    expect(fake.mcpCalls.slice(-2).map((call) => call.arguments.city)).toEqual(['Lyon', 'Nice']);
    await page.getByText('Ran without asking (allowed in Settings)').waitFor();
    // Nobody was asked for Nice: its call went straight to a result.
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await expect.poll(() => results(page).count()).toBe(2);
    expect(app.consentQuestions()).toBe(asked + 1);
  });

  it('stops visibly when the model keeps asking for tools past the step limit', async () => {
    const { page, fake } = h;
    for (let n = 1; n <= 8; n++) fake.chat.next({ toolCalls: [{ name: 'get_weather', arguments: { city: `Town ${n}` }, id: `loop${n}` }] });
    await send(page, 'Keep checking the weather.');
    const reply = await settled(page);
    await reply.getByText('Stopped after 8 tool steps').waitFor();
    expect(await reply.getByRole('alert').innerText()).toMatch(/still asking for tools, so Confab stopped without running them/);
    await page.getByText('Step 8 · at most 8').waitFor();
  });
});

describe('the plan', () => {
  it('on Free shows JSON mode, tools and tool choice as Pro, disabled', async () => {
    const { page } = h;
    await setPlan(page, 'Free');
    await openOptions(page);
    expect(await jsonToggle(page).isDisabled()).toBe(true);
    expect(await toolBox(page, 'Service', 'get_weather').isDisabled()).toBe(true);
    expect(await options(page).getByRole('combobox', { name: /^Tool choice/ }).isDisabled()).toBe(true);
    expect(await options(page).getByText('Pro plan', { exact: true }).count()).toBeGreaterThanOrEqual(3);
    await options(page).getByText('JSON mode and tools need the Pro plan.').waitFor();
    await screenshot(page, 'pro-chat-options-free');
  });

  it('on Pro offers them and sends them; a refusal by the service (a Free key) shows its message', async () => {
    const { page, fake } = h;
    await setPlan(page, 'Pro');
    await openOptions(page);
    await jsonToggle(page).check();
    await toolBox(page, 'Service', 'add_numbers').check();
    await options(page).getByRole('combobox', { name: /^Tool choice/ }).selectOption({ label: 'Only add_numbers' });
    await screenshot(page, 'pro-chat-options-pro');
    fake.chat.next({ reply: '{"sum":5}' });
    await send(page, 'Add 2 and 3.');
    await settled(page);
    expect(lastRequestBody(fake)).toMatchObject({
      response_format: { type: 'json_object' },
      tool_choice: { type: 'function', function: { name: 'add_numbers' } },
    });
    expect(chatBodies().at(-1)!.tools!.map((tool) => tool.function.name)).toEqual(['add_numbers']);

    await toolBox(page, 'Service', 'add_numbers').uncheck();
    await useKey(page, fake.keys.free, 'Add 2 and 3.');
    await send(page, 'Now as JSON with a Free key.');
    const reply = await settled(page);
    await reply.getByText(/The service refused the request \(403\)/).waitFor();
    await reply.getByText(/requires a Pro plan/).waitFor();
    await useKey(page, fake.keys.pro);
  });
});
