import { describe, expect, it, vi } from 'vitest';
import { REDACTED, redact } from '../../../../electron/core/services/net/redact';
import { toJson, toMarkdown } from '../../../../electron/core/services/history/export';

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

describe('log', () => {
  it('writes every line through redact, errors and their causes included', async () => {
    const { log } = await import('../../../../electron/core/log');
    const { rememberSecret } = await import('../../../../electron/core/services/net/redact');
    rememberSecret('stored-key-value-0042');
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
    try {
      log.error('Request failed:', new Error('401 for stored-key-value-0042', { cause: new Error('sent Authorization: Bearer abc.def') }));
    } finally {
      spy.mockRestore();
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('Request failed: Error: 401 for [redacted]');
    expect(lines[0]).toContain('Bearer [redacted]');
    expect(lines[0]).not.toMatch(/stored-key-value-0042|abc\.def/);
  });
});
