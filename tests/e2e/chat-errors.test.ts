import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import {
  type Harness,
  backToChat,
  composer,
  expectedReply,
  lastReply,
  openApp,
  openOptions,
  send,
  setBaseUrl,
  setPlan,
  settled,
  textOf,
  useKey,
  useRefusedKey,
} from '../support/chat';

// Every class of failure, as the user meets it in a conversation: what went wrong, what to
// do, the button that does it, and nothing typed or sent is ever lost.

let h: Harness;
const SAID = 'Keep this question';

beforeAll(async () => {
  h = await openApp();
});

afterAll(async () => {
  await h?.close();
});

/** A port nothing listens on: bound once by us, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const userMessages = () => h.page.getByRole('article', { name: 'Your message' });

async function expectKeptConversation() {
  expect(await userMessages().getByText(SAID, { exact: true }).count()).toBeGreaterThan(0);
}

async function retry() {
  await lastReply(h.page).getByRole('button', { name: 'Retry' }).click();
  return settled(h.page);
}

describe('chat failures in Chromium', () => {
  it('without a key: says to add one, with a button to Settings; the message and a new draft stay', async () => {
    const { page } = h;
    await send(page, SAID);
    const reply = await settled(page);
    const alert = reply.getByRole('alert');
    await alert.getByText('No API key was sent').waitFor();
    await alert.getByText(/Add your API key in Settings/).waitFor();
    await expectKeptConversation();
    expect(await textOf(reply)).toBe('');

    await composer(page).fill('A draft that must survive');
    await alert.getByRole('button', { name: 'Open Settings' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await backToChat(page, SAID);
    expect(await composer(page).inputValue()).toBe('A draft that must survive');
  });

  it('with an unknown key: says it is not recognised', async () => {
    await useRefusedKey(h.page, h.fake, 'sk-not-a-key-the-service-knows-1234', SAID);
    const reply = await retry();
    await reply.getByRole('alert').getByText('The API key is not recognised').waitFor();
    await reply.getByRole('alert').getByRole('button', { name: 'Open Settings' }).waitFor();
    await expectKeptConversation();
  });

  it('with an expired or revoked key: says so and where to get a new one', async () => {
    await useRefusedKey(h.page, h.fake, h.fake.keys.revoked, SAID);
    const alert = (await retry()).getByRole('alert');
    await alert.getByText('The API key has expired or was revoked').waitFor();
    await alert.getByText(/Create a new key in the developer dashboard/).waitFor();
    await alert.getByRole('button', { name: 'Open Settings' }).waitFor();
    await alert.getByRole('button', { name: 'Retry' }).waitFor();
    await screenshot(h.page, 'chat-error-expired-key');
    expect(await composer(h.page).inputValue()).toBe('A draft that must survive');
  });

  it('on 429: says when to retry, from Retry-After', async () => {
    await useKey(h.page, h.fake.keys.pro, SAID);
    h.fake.chat.next({ status: 429, headers: { 'Retry-After': '7' } });
    const alert = (await retry()).getByRole('alert');
    await alert.getByText('Too many requests').waitFor();
    // Intl's short duration in the UI language.
    await alert.getByText('The service asks to wait 7 sec before trying again.').waitFor();
    await alert.getByRole('button', { name: 'Retry' }).waitFor();
    await screenshot(h.page, 'chat-error-rate-limit');
  });

  it('on 500: says it is the service, and Retry then succeeds', async () => {
    h.fake.chat.next({ status: 500 });
    const failed = await retry();
    await failed.getByRole('alert').getByText('The service had a problem (500)').waitFor();
    const reply = await retry();
    expect(await textOf(reply)).toBe(expectedReply(SAID));
    expect(await reply.getByRole('alert').count()).toBe(0);
    await expectKeptConversation();
  });

  it('when the host cannot be reached: says so, and Retry works once the base URL is right', async () => {
    const port = await closedPort();
    await setBaseUrl(h.page, `http://127.0.0.1:${port}/v1`, SAID);
    await composer(h.page).fill('Is anyone there?');
    await composer(h.page).press('Enter');
    const alert = (await settled(h.page)).getByRole('alert');
    // Said once: the host and the reason in one sentence, no second copy of either.
    await alert.getByText(`Could not reach 127.0.0.1:${port} (ECONNREFUSED).`, { exact: true }).waitFor();
    expect((await alert.innerText()).match(/ECONNREFUSED/g)).toHaveLength(1);
    expect((await alert.innerText()).split(`127.0.0.1:${port}`)).toHaveLength(2);
    await alert.getByText(/Check your network connection and the base URL/).waitFor();
    await userMessages().getByText('Is anyone there?').waitFor();

    await setBaseUrl(h.page, h.fake.baseUrl, SAID);
    expect(await textOf(await retry())).toBe(expectedReply('Is anyone there?'));
  });

  it('when a Free key asks for a Pro model: shows the server refusal and the plan hint', async () => {
    const { page } = h;
    await useKey(page, h.fake.keys.free, SAID);
    await setPlan(page, 'Pro', SAID);
    await openOptions(page);
    await page.getByRole('group', { name: 'Model' }).getByRole('radio', { name: /^Pro/ }).check();
    await send(page, 'Think hard about this');
    const alert = (await settled(page)).getByRole('alert');
    await alert.getByText('The service refused the request (403)').waitFor();
    // The plan is the user's setting: the refusal says the key was refused as Pro, and offers Free.
    await alert.getByText(/refused this as a Pro feature for this profile's key/).waitFor();
    await alert.getByRole('button', { name: 'Switch this profile to Free' }).waitFor();
    await alert.getByText(/requires a Pro plan/).waitFor();
    await userMessages().getByText('Think hard about this').waitFor();
    await screenshot(page, 'chat-error-plan');
  });
});
