import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, backToChat, composer, lastReply, newChat, openApp, replies, send, settled, textOf, useKey } from '../support/chat';

// The chat from the keyboard alone (Enter, Shift+Enter, Escape, Ctrl+N), and the draft each
// conversation keeps, in Chromium. They start from one conversation of two exchanges.

let h: Harness;

beforeAll(async () => {
  h = await openApp();
  await useKey(h.page, h.fake.keys.pro);
  // Each reply waited for until it has ended, by its own state: a hook cannot use expect.poll, as ask does.
  for (const [i, said] of ['Hello again', 'And once more'].entries()) {
    await send(h.page, said);
    await replies(h.page).nth(i).and(h.page.locator('[aria-busy="false"]')).waitFor();
  }
});

afterAll(async () => {
  const errors = h?.errors ?? [];
  await h?.close();
  // No CSP violation or React error on the way.
  expect(errors).toEqual([]);
});

describe('chat from the keyboard', () => {
  it('works from the keyboard: Enter, Shift+Enter, Esc and Ctrl+N', async () => {
    const { page, fake } = h;
    await composer(page).fill('First line');
    await composer(page).press('Shift+Enter');
    await composer(page).pressSequentially('second line');
    expect(await composer(page).inputValue()).toBe('First line\nsecond line');
    expect(await replies(page).count()).toBe(2);

    fake.chat.next({ reply: 'Slow words for Escape. '.repeat(30), chunkSize: 2, intervalMs: 40 });
    await composer(page).press('Enter');
    await expect.poll(async () => (await textOf(lastReply(page))).length).toBeGreaterThan(5);
    await page.keyboard.press('Escape');
    await fake.waitForDisconnect();
    await (await settled(page)).getByText('Stopped', { exact: true }).waitFor();
    await page.getByRole('article', { name: 'Your message' }).getByText('First line\nsecond line').waitFor();

    await page.keyboard.press('Control+N');
    await page.getByRole('heading', { name: 'New chat' }).waitFor();
    await page.getByRole('heading', { name: 'Chat with your hosted models' }).waitFor();
    expect(await composer(page).evaluate((el) => el === document.activeElement)).toBe(true);
    // The empty new chat is not listed; the one conversation so far is.
    expect(await page.getByRole('navigation').getByRole('listitem').count()).toBe(1);
  });

  it('keeps a draft per conversation', async () => {
    const { page } = h;
    await composer(page).fill('A draft for the new chat');
    await backToChat(page, 'Hello again');
    expect(await composer(page).inputValue()).toBe('');
    await newChat(page);
    expect(await composer(page).inputValue()).toBe('A draft for the new chat');
    await composer(page).fill('');
  });
});
