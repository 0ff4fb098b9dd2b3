import { screenshot } from '../support/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPLIT_UTF8_SAMPLE, type ChatScript } from '../fake-service/script';
import { type Harness, lastReply, newChat, openApp, send, settled, textOf, useKey } from '../support/chat';

// Every framing variation and fault of a stream the fake service can produce, as the user
// sees it: the exact text, and for a fault the text that arrived plus what went wrong.

let h: Harness;

beforeAll(async () => {
  h = await openApp();
  await useKey(h.page, h.fake.keys.pro);
});

afterAll(async () => {
  await h?.close();
});

const REPLY = 'Alpha beta gamma delta epsilon zeta eta theta iota kappa.';

async function streamed(script: ChatScript, said = 'Go') {
  await newChat(h.page);
  h.fake.chat.next({ chunkSize: 4, intervalMs: 5, ...script });
  await send(h.page, said);
  return settled(h.page);
}

describe('streaming edge cases in Chromium', () => {
  const clean: Array<[string, ChatScript]> = [
    ['empty and absent deltas', { reply: REPLY, emptyDeltas: true }],
    [': comment lines', { reply: REPLY, comments: true }],
    ['CRLF line endings', { reply: REPLY, crlf: true }],
    ['multi-line data fields', { reply: REPLY, multilineData: true }],
    ['a stream without [DONE]', { reply: REPLY, omitDone: true }],
  ];

  it.each(clean)('shows the exact text through %s', async (_name, script) => {
    const reply = await streamed(script);
    expect(await textOf(reply)).toBe(REPLY);
    expect(await reply.getByRole('alert').count()).toBe(0);
    expect(await reply.locator('.badge').count()).toBe(0);
  });

  it('keeps UTF-8 characters whole when they are split across packets', async () => {
    const reply = await streamed({ splitUtf8: true, chunkSize: 3 });
    expect(await textOf(reply)).toBe(SPLIT_UTF8_SAMPLE);
  });

  it('keeps the partial text and shows the error when the stream reports one', async () => {
    const reply = await streamed({
      reply: 'abcdefghijklmnopqrstuvwxyz',
      errorAfterChunks: 3,
      streamError: { message: 'The model overloaded mid-reply.', type: 'server_error', code: 'overloaded' },
    });
    expect(await textOf(reply)).toBe('abcdefghijkl');
    const alert = reply.getByRole('alert');
    await alert.getByText('The reply stopped with an error').waitFor();
    await alert.getByText('The model overloaded mid-reply.').waitFor();
    await alert.getByRole('button', { name: 'Retry' }).waitFor();
    // The user's message is still there, ready to be answered again.
    await h.page.getByRole('article', { name: 'Your message' }).getByText('Go').waitFor();
  });

  it('keeps the partial text when the connection drops', async () => {
    const reply = await streamed({ reply: 'abcdefghijklmnopqrstuvwxyz', dropAfterChunks: 2 });
    expect(await textOf(reply)).toBe('abcdefgh');
    await reply.getByRole('alert').getByText(/broke off mid-reply/).waitFor();
  });

  it('keeps the partial text when an event cannot be read', async () => {
    const reply = await streamed({ reply: 'abcdefghijklmnopqrstuvwxyz', malformedAfterChunks: 2 });
    expect(await textOf(reply)).toBe('abcdefgh');
    await reply.getByRole('alert').getByText(/could not read/).waitFor();
  });

  it('retries after a stream error, keeping the partial reply as the earlier version, one click away', async () => {
    h.fake.chat.next({ reply: 'A whole answer this time.' });
    await lastReply(h.page).getByRole('button', { name: 'Retry' }).click();
    const reply = await settled(h.page);
    expect(await textOf(reply)).toBe('A whole answer this time.');
    expect(await reply.getByRole('alert').count()).toBe(0);
    const versions = reply.getByRole('group', { name: 'Versions of this reply' });
    await versions.getByText('Version 2 of 2').waitFor();
    await versions.getByRole('button', { name: 'Previous version' }).click();
    await versions.getByText('Version 1 of 2').waitFor();
    await expect.poll(() => textOf(reply)).toBe('abcdefgh');
    await reply.getByRole('alert').getByText(/could not read/).waitFor();
    await screenshot(h.page, 'chat-reply-versions');
    await versions.getByRole('button', { name: 'Next version' }).click();
    await expect.poll(() => textOf(reply)).toBe('A whole answer this time.');
  });

  it('logged no error on the way (no CSP violation, no React error)', () => {
    expect(h.errors).toEqual([]);
  });
});
