import { describe, expect, it } from 'vitest';
import { completionBody } from '../../../../electron/core/services/completion/chat-body';
import { bodyEncoder, completionBytes } from '../../../../electron/core/services/completion/body-bytes';

// The body is posted as bytes joined from each message's kept JSON (body-bytes.ts): it must be
// exactly the JSON of the body, whatever the messages hold, and the same text in two roles.
const decoded = (bytes: Uint8Array) => JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown;

describe('the request body as bytes', () => {
  it('is the JSON of the body: plain messages, tool calls and results, JSON mode, any text', () => {
    const body = completionBody({
      model: 'pro',
      temperature: 0.2,
      maxTokens: 300,
      stream: true,
      jsonMode: true,
      messages: [
        { role: 'system', content: 'Quotes " and \\ backslashes, a line\nbreak, \u2028, Zürich — 😀' },
        { role: 'user', content: '' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'weather', arguments: '{"city":"Zürich"}', tool: null }] },
        { role: 'tool', content: 'Sunny', toolCallId: 'c1' },
        { role: 'assistant', content: 'Sunny' },
      ],
    });
    expect(decoded(completionBytes(body))).toEqual(body);
    // Sent again, from what was kept: the same bytes.
    expect(Buffer.from(completionBytes(body)).equals(Buffer.from(completionBytes(body)))).toBe(true);
  });

  it('keeps a text’s role: the same words from the user and from the model stay each their own', () => {
    const body = completionBody({ model: 'pro', temperature: null, maxTokens: null, stream: false, messages: [{ role: 'user', content: 'Okay.' }, { role: 'assistant', content: 'Okay.' }, { role: 'user', content: 'Okay.' }] });
    expect(decoded(completionBytes(body))).toEqual(body);
    expect(decoded(completionBytes({ ...body, messages: [] }))).toEqual({ ...body, messages: [] });
  });
});

describe('the kept JSON of messages', () => {
  const body = (...texts: string[]) => completionBody({ model: 'pro', temperature: null, maxTokens: null, stream: true, messages: texts.map((content) => ({ role: 'user' as const, content })) });
  const text = (n: number) => `Message ${n}: ${'x'.repeat(10_000)}`;

  it('stays within its bound, counting the texts it is keyed by as well as their bytes', () => {
    const encoder = bodyEncoder(100_000);
    for (let n = 0; n < 40; n++) encoder.bytes(body(text(n)));
    expect(encoder.kept()).toBeLessThanOrEqual(100_000);
    expect(encoder.kept()).toBeGreaterThan(0);
  });

  it("lets the least recently sent go first, so a conversation's messages outlast others passing through", () => {
    const encoder = bodyEncoder(100_000);
    for (let n = 1; n <= 40; n++) {
      encoder.bytes(body(text(0), text(n)));
      expect(encoder.holds(text(0))).toBe(true);
      expect(encoder.holds(text(n))).toBe(true);
    }
    expect(encoder.holds(text(1))).toBe(false);
  });

  it('keeps nothing of a one-off request (notes, translation, a summary), and drops nothing for it', () => {
    const encoder = bodyEncoder(100_000);
    encoder.bytes(body(text(0)));
    const before = encoder.kept();
    for (let n = 1; n < 40; n++) expect(decoded(encoder.bytes(body(text(n)), false))).toEqual(body(text(n)));
    expect(encoder.kept()).toBe(before);
    expect(encoder.holds(text(0))).toBe(true);
  });
});
