import { describe, expect, it } from 'vitest';
import { REDACTED, redact } from '../../../electron/services/net/redact';
import { toJson, toMarkdown } from '../../../electron/services/history/export';

describe('redact', () => {
  it('removes a known key wherever it appears, whatever its shape', () => {
    const key = 'proj_live_7f3a9c2e1b';
    expect(redact(`request to x failed: key=${key}&retry`, [key])).toBe(`request to x failed: key=${REDACTED}&retry`);
  });

  it('removes sk- look-alikes and Bearer tokens it was not told about', () => {
    const line = 'headers: {"authorization":"Bearer abc.def-123"} and sk-live-0123456789abcdef in the body';
    const out = redact(line, []);
    expect(out).not.toContain('abc.def-123');
    expect(out).not.toContain('sk-live-0123456789abcdef');
    expect(out).toBe(`headers: {"authorization":"Bearer ${REDACTED}"} and ${REDACTED} in the body`);
  });

  it('keeps ordinary text and short words alone', () => {
    expect(redact('ask-me about sk-1 and Bearer', ['abc'])).toBe('ask-me about sk-1 and Bearer');
  });

  it('keeps JSON valid when a token sits next to an escaped quote', () => {
    const json = JSON.stringify({ text: 'say "Bearer secret-token" please' });
    expect(JSON.parse(redact(json, []))).toEqual({ text: `say "Bearer ${REDACTED}" please` });
  });
});

describe('exports are redacted', () => {
  const conversation = {
    id: '0b9c8f2e-1d2a-4c3b-9e8f-7a6b5c4d3e2f',
    title: 'Keys',
    createdAt: 0,
    updatedAt: 0,
    systemPrompt: null,
    options: { model: 'default' },
    messages: [{ id: 'm1', role: 'user', content: 'my key is sk-proj-abcdef0123456789, keep it', state: 'complete', createdAt: 0 }],
  } as unknown as Parameters<typeof toMarkdown>[0];

  it('in Markdown and JSON', () => {
    expect(toMarkdown(conversation)).toContain(`my key is ${REDACTED}, keep it`);
    const json = toJson(conversation);
    expect(json).not.toContain('sk-proj-abcdef0123456789');
    expect(JSON.parse(json).conversation.messages[0].content).toBe(`my key is ${REDACTED}, keep it`);
  });
});
