import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import {
  type Harness,
  ask,
  composer,
  expectedReply,
  lastReply,
  lastRequestBody,
  newChat,
  openApp,
  openOptions,
  replies,
  send,
  settled,
  textOf,
  useKey,
} from '../support/chat';
import { CODE, HOSTILE, MARKDOWN_REPLY } from '../support/chat-replies';

// The chat journey in Chromium: the empty state, streamed and whole replies, the options and their
// validation, Markdown, regenerate, edit and stop, hostile and long replies. The keyboard and
// drafts are in chat-keyboard.test.ts, the model picker in chat-models.test.ts.

let h: Harness;

beforeAll(async () => {
  h = await openApp();
});

afterAll(async () => {
  await h?.close();
});

describe('chat in Chromium', () => {
  it('opens on an empty chat that explains Confab and points to Settings while no key is stored', async () => {
    const { page } = h;
    await page.getByRole('heading', { name: 'Chat with your hosted models' }).waitFor();
    await page.getByText('To start, add your API key in Settings.').waitFor();
    await page.getByRole('term').getByText('Shift+Enter').waitFor();
    expect(await page.getByRole('button', { name: 'Send' }).getAttribute('aria-keyshortcuts')).toBe('Enter');
    expect(await page.getByRole('button', { name: /^New chat/ }).getAttribute('aria-keyshortcuts')).toBe('Control+N');
    await screenshot(page, 'chat-empty-state');

    await page.getByRole('button', { name: 'Open Settings' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await useKey(page, h.fake.keys.pro);
    expect(await page.getByText('To start, add').count()).toBe(0);
  });

  it('streams a reply, fragment by fragment, to the exact text', async () => {
    const { page, fake } = h;
    const said = 'Hello there';
    const full = expectedReply(said);
    fake.chat.next({ reply: full, chunkSize: 3, intervalMs: 15 });
    await send(page, said);
    const reply = lastReply(page);
    // Part of the reply is on screen before the whole of it.
    let partial = '';
    await expect.poll(async () => (partial = await textOf(reply)).length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThan(full.length);
    await settled(page);
    expect(await textOf(reply)).toBe(full);
    expect(lastRequestBody(fake)).toMatchObject({ model: 'default', stream: true, messages: [{ role: 'user', content: said }] });
    await reply.getByText(/\d+ prompt \+ \d+ completion = \d+ tokens/).waitFor();
    expect(await page.getByRole('heading', { name: said }).count()).toBe(1);
    expect(await page.getByRole('navigation').getByRole('button', { name: said }).count()).toBe(1);
  });

  it('sends a system prompt, temperature and maximum tokens, and a non-streamed reply arrives whole', async () => {
    const { page, fake } = h;
    await openOptions(page);
    await page.getByLabel('System prompt').fill('You are terse.');
    await page.getByLabel('Temperature', { exact: true }).fill('0.4');
    await page.getByLabel('Maximum tokens').fill('400');
    await page.getByRole('checkbox', { name: 'Stream the reply as it is written' }).uncheck();
    expect(await page.getByText('Default model · temperature 0.4 · up to 400 tokens · reply shown when complete').count()).toBe(1);
    expect(await page.getByText(/· reply shown when complete$/).getAttribute('title')).toBe('Model id: default');
    const said = 'Now in one piece';
    expect(await ask(page, said)).toBe(expectedReply(said));
    const body = lastRequestBody(fake);
    expect(body).toMatchObject({ temperature: 0.4, max_tokens: 400 });
    expect(body.stream).toBeUndefined();
    expect((body.messages as unknown[])[0]).toEqual({ role: 'system', content: 'You are terse.' });
    expect(body.messages).toHaveLength(4);
    await page.getByRole('checkbox', { name: 'Stream the reply as it is written' }).check();
  });

  it('validates temperature and maximum tokens with the schema messages, keeping the draft', async () => {
    const { page } = h;
    const temperature = page.getByLabel('Temperature', { exact: true });
    await temperature.fill('3');
    await page.getByText('Temperature must be from 0 to 2.').waitFor();
    expect(await temperature.getAttribute('aria-invalid')).toBe('true');
    await temperature.fill('warm');
    await page.getByText('Temperature must be a number from 0 to 2.').waitFor();
    await page.getByLabel('Maximum tokens').fill('1.5');
    await page.getByText('Maximum tokens must be a whole number above 0.').waitFor();

    await composer(page).fill('Kept while the options are wrong');
    await composer(page).press('Enter');
    await page.getByText('Fix what is marked in the chat options to send.').waitFor();
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    expect(await composer(page).inputValue()).toBe('Kept while the options are wrong');
    await screenshot(page, 'chat-options-invalid');

    await temperature.fill('');
    await page.getByLabel('Maximum tokens').fill('');
    await page.getByLabel('System prompt').fill('');
    await page.getByRole('button', { name: 'Chat options' }).click();
    await composer(page).fill('');
  });

  it('renders Markdown with highlighted code and copies the code exactly (light and dark)', async () => {
    const { page, fake } = h;
    fake.chat.next({ reply: MARKDOWN_REPLY, chunkSize: 12, intervalMs: 5 });
    await send(page, 'How do I sort by a key?');
    const reply = await settled(page);
    await reply.getByRole('heading', { name: 'Sorting by a key' }).waitFor();
    // The blank line inside the fence does not split the code block, even while it streamed in.
    expect(await reply.locator('pre').count()).toBe(1);
    expect(await reply.locator('pre code.hljs .hljs-keyword').count()).toBeGreaterThan(0);
    expect(await reply.getByText('ts', { exact: true }).count()).toBe(1);
    const link = reply.getByRole('link', { name: 'the docs' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');

    await reply.getByRole('button', { name: 'Copy code' }).click();
    await reply.getByText('Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(CODE);
    // A whole message is copied as the Markdown it came as, ready to paste anywhere.
    await reply.getByRole('button', { name: 'Copy message' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(MARKDOWN_REPLY);

    await screenshot(page, 'chat-markdown-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'chat-markdown-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('regenerates the last reply in place', async () => {
    const { page, fake } = h;
    const before = await replies(page).count();
    fake.chat.next({ reply: 'A second opinion.' });
    await lastReply(page).getByRole('button', { name: 'Regenerate reply' }).click();
    await expect.poll(async () => textOf(await settled(page))).toBe('A second opinion.');
    // The replies are a virtualized list that measures the new one after it shows.
    await expect.poll(() => replies(page).count()).toBe(before);
    expect((lastRequestBody(fake).messages as Array<{ content: string }>).at(-1)?.content).toBe('How do I sort by a key?');
  });

  it('edits an earlier message and resends it as a new branch, the old one kept', async () => {
    const { page, fake } = h;
    const firstMessage = page.getByRole('article', { name: 'Your message' }).first();
    await firstMessage.getByRole('button', { name: 'Edit message' }).click();
    const editor = page.getByRole('textbox', { name: 'Edited message' });
    await page.getByText(/^Sending starts a new branch here\. The old version and everything after it stay/).waitFor();
    await editor.fill('Hello again');
    await screenshot(page, 'chat-edit');
    await editor.press('Enter');
    const reply = await settled(page);
    expect(await textOf(reply)).toBe(expectedReply('Hello again'));
    await expect.poll(() => page.getByRole('article').count()).toBe(2);
    expect(lastRequestBody(fake).messages).toEqual([{ role: 'user', content: 'Hello again' }]);
    await page.getByRole('heading', { name: 'Hello again' }).waitFor();
    await page.getByRole('group', { name: 'Branches at this message' }).getByText('2 of 2').waitFor();

    await page.getByRole('article', { name: 'Your message' }).getByRole('button', { name: 'Edit message' }).click();
    await page.getByText(/^Sending starts a new branch here/).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('stops a reply mid-stream, keeping what arrived, marked Stopped', async () => {
    const { page, fake } = h;
    const full = 'One two three four five six seven eight nine ten. '.repeat(20);
    fake.chat.next({ reply: full, chunkSize: 2, intervalMs: 40 });
    await send(page, 'Count slowly');
    const reply = lastReply(page);
    await expect.poll(async () => (await textOf(reply)).length).toBeGreaterThan(10);
    await page.getByRole('button', { name: 'Stop' }).click();
    const disconnect = await fake.waitForDisconnect();
    expect(disconnect.kind).toBe('chat-stream');
    await settled(page);
    await reply.getByText('Stopped', { exact: true }).waitFor();
    const kept = await textOf(reply);
    expect(kept.length).toBeGreaterThan(10);
    expect(full.startsWith(kept)).toBe(true);
    await screenshot(page, 'chat-stopped');
  });

  it('shows a hostile reply as inert text: no script runs, no element is injected, no script link', async () => {
    const { page, fake } = h;
    await newChat(page);
    fake.chat.next({ reply: HOSTILE });
    await send(page, 'Say something dangerous');
    const reply = await settled(page);
    const body = reply.getByTestId('message-text');
    await body.getByText('<img src=x onerror=window.__pwned=1>', { exact: false }).waitFor();
    await body.getByText('<script>window.__pwned=1</script>', { exact: false }).waitFor();
    expect(await body.locator('img, script, b, iframe').count()).toBe(0);
    expect(await body.locator('[onerror], [onclick]').count()).toBe(0);
    expect(await page.locator('a[href^="javascript:" i]').count()).toBe(0);
    const neutralised = body.getByText('click', { exact: true });
    expect(await neutralised.getAttribute('href')).toBeNull();
    await neutralised.click();
    await body.getByText('bold', { exact: false }).click();
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    await screenshot(page, 'chat-hostile-reply');
  });

  it('folds a long message and a long reply, opened and closed again from the keyboard; copying takes the whole text', async () => {
    const { page, fake } = h;
    await newChat(page);
    const long = (what: string) => Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1} of the long ${what}.`).join('\n\n');
    fake.chat.next({ reply: long('reply') });
    await send(page, long('message'));
    const reply = await settled(page);
    const mine = page.getByRole('article', { name: 'Your message' }).last();
    const height = (message: typeof mine) => message.evaluate((element) => element.getBoundingClientRect().height);
    for (const [message, what] of [[mine, 'message'], [reply, 'reply']] as const) {
      const toggle = message.getByRole('button', { name: 'Show all' });
      await toggle.waitFor();
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      const folded = await height(message);
      expect(folded).toBeLessThan(page.viewportSize()!.height);
      if (what === 'message') await screenshot(page, 'chat-long-message-folded');
      // Copy takes the whole text, folded or not.
      await message.hover();
      await message.getByRole('button', { name: 'Copy message' }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(long(what));

      await toggle.focus();
      await page.keyboard.press('Enter');
      const less = message.getByRole('button', { name: 'Show less' });
      expect(await less.getAttribute('aria-expanded')).toBe('true');
      await expect.poll(() => height(message)).toBeGreaterThan(folded * 2);
      await less.press('Enter');
      await message.getByRole('button', { name: 'Show all' }).waitFor();
      await expect.poll(() => height(message)).toBeLessThan(folded + 1);
    }
  });

  it('logged no error on the way (no CSP violation, no React error)', () => {
    expect(h.errors).toEqual([]);
  });
});
