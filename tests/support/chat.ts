// Shared steps of the chat journeys (chat*.test.ts). Everything goes through the UI, by role
// and label, as a person would: no backdoor into the app.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { defaultReply } from '../fake-service/chat-reply';
import type { FakeService } from '../fake-service/server';
import { type Harness, openHarness } from './harness';

export type { Harness };

/** `answersConsent`: the test answers the harness's consent questions in its terminal (stdin). */
export const openApp = (options: { answersConsent?: boolean; limitFileBlocks?: 'unlimited' } = {}): Promise<Harness> =>
  openHarness({ height: 800, ready: (page) => page.getByRole('heading', { name: 'New chat' }).waitFor(), ...options });

export const expectedReply = (said: string, model = 'default') =>
  defaultReply({
    model,
    messages: [{ role: 'user', text: said }],
    stream: true,
    includeUsage: true,
    jsonMode: false,
    tools: [],
    toolChoice: undefined,
    maxTokens: undefined,
  });

const settingsNav = (page: Page) => page.getByRole('button', { name: 'Settings', exact: true });

export async function openSettings(page: Page) {
  await settingsNav(page).click();
  // Settings is the heaviest screen, and journeys open it first while the run loads both cores:
  // its first render gets the first screen's allowance (browser.ts).
  await page.getByRole('heading', { name: 'Settings' }).waitFor({ timeout: 30_000 });
}

/** Stores (or replaces) the API key through Settings, then returns to the chat. */
export async function useKey(page: Page, key: string, returnTo?: string) {
  await openSettings(page);
  const replace = page.getByRole('button', { name: 'Replace key' });
  // A stored key is deleted first: main would refuse to replace it with a key the service refuses,
  // and these journeys use such keys on purpose. Rotation itself is tested in profiles.test.ts.
  if (await replace.isVisible()) {
    await page.getByRole('button', { name: 'Delete key' }).click();
    await page.getByRole('button', { name: 'Yes, delete the key' }).click();
  }
  await page.getByRole('textbox', { name: /API key$/ }).fill(key);
  await page.getByRole('button', { name: 'Save key' }).click();
  await page.getByText(`A key ending in …${key.slice(-4)} is stored`).waitFor();
  await backToChat(page, returnTo);
}

/**
 * Stores a key the service refuses from then on: Confab tries every key before storing it, so
 * the fake accepts it for that try and withdraws it after (a key revoked once saved).
 */
export async function useRefusedKey(page: Page, fake: FakeService, key: string, returnTo?: string) {
  fake.issueKey(key);
  try {
    await useKey(page, key, returnTo);
  } finally {
    fake.withdrawKey(key);
  }
}

export async function setPlan(page: Page, plan: 'Free' | 'Pro', returnTo?: string) {
  await openSettings(page);
  await page.getByRole('radio', { name: new RegExp(`^${plan}`) }).check();
  await expect.poll(() => page.getByRole('radio', { name: new RegExp(`^${plan}`) }).isChecked()).toBe(true);
  await backToChat(page, returnTo);
}

export async function setBaseUrl(page: Page, url: string, returnTo?: string) {
  await openSettings(page);
  await page.getByLabel('Base URL').fill(url);
  await page.getByRole('button', { name: 'Save', exact: true }).first().click();
  await page.getByText(/^Saved\./).waitFor();
  await backToChat(page, returnTo);
}

/** Back to a conversation by its title (its first message), or to the empty new chat. */
export async function backToChat(page: Page, title?: string) {
  const sidebar = page.getByRole('navigation', { name: 'Sections' });
  if (title) await sidebar.getByRole('button', { name: title, exact: true }).click();
  else await sidebar.getByRole('button', { name: /^New chat/ }).click();
  await composer(page).waitFor();
}

export const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });

export async function newChat(page: Page) {
  await page.getByRole('button', { name: /^New chat/ }).click();
  await page.getByRole('heading', { name: 'New chat' }).waitFor();
}

export async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

/** Opens the chat options panel unless it is open already (it stays open across chats). */
export async function openOptions(page: Page) {
  const toggle = page.getByRole('button', { name: 'Chat options' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByRole('region', { name: 'Chat options' }).waitFor();
}

export const replies = (page: Page) => page.getByRole('article', { name: 'Reply' });
export const lastReply = (page: Page) => replies(page).last();
export const textOf = (message: Locator) => message.getByTestId('message-text').innerText();

/** Waits until the last reply has ended, however it ended. */
export async function settled(page: Page): Promise<Locator> {
  // The composer offers Stop from the moment a message is sent until main ends the reply,
  // including the instant before main's reply reaches the page.
  await expect.poll(() => page.getByRole('button', { name: 'Stop', exact: true }).count(), { timeout: 10_000 }).toBe(0);
  const reply = lastReply(page);
  await reply.waitFor();
  await expect.poll(() => reply.getAttribute('aria-busy'), { timeout: 10_000 }).toBe('false');
  return reply;
}

export async function ask(page: Page, text: string): Promise<string> {
  await send(page, text);
  return textOf(await settled(page));
}

/** The body of the last chat request the fake service received. */
export function lastRequestBody(fake: FakeService): Record<string, unknown> {
  const chats = fake.requests.filter((r) => r.path.startsWith('/v1/chat/completions'));
  return chats.at(-1)?.body as Record<string, unknown>;
}
