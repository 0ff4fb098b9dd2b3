// Drives main's core through its router, as the renderer does over IPC, for the MCP and
// tool-calling tests: an in-memory keychain, and every reply's events kept by conversation id.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import type { CompletionEvent } from '../../shared/contract/chat';
import type { WatchEvent } from '../../shared/contract/conversations';
import { BridgeError } from '../../shared/contract/client';
import { createCore } from '../../electron/core';
import type { EventSink } from '../../electron/ipc/router';
import type { Keytar } from '../../electron/services/keychain';
import type { FakeService } from '../fake-service/server';

export const STDIO_SERVER = { command: process.execPath, args: ['--import', 'tsx', resolve('tests/integration/fixtures/stdio-mcp-server.ts')] };

/** keytar's API over a Map (`service\0account` → secret), so tests can see exactly what was stored. */
export function memoryKeytar(): Keytar & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  const at = (service: string, account: string) => `${service}\u0000${account}`;
  return {
    entries,
    findCredentials: async (service) =>
      [...entries].filter(([key]) => key.startsWith(`${service}\u0000`)).map(([key, password]) => ({ account: key.slice(service.length + 1), password })),
    getPassword: async (service, account) => entries.get(at(service, account)) ?? null,
    setPassword: async (service, account, password) => void entries.set(at(service, account), password),
    deletePassword: async (service, account) => entries.delete(at(service, account)),
  };
}

export async function startCore(fake: FakeService, options: { key?: string | null; dir?: string; keytar?: ReturnType<typeof memoryKeytar> } = {}) {
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'confab-tools-')));
  const keytar = options.keytar ?? memoryKeytar();
  const core = await createCore({ userDataDir: dir, initialBaseUrl: fake.baseUrl, keytar });
  // Every stream's events by stream id; the conversations watch's also as each reply's, by conversation id.
  const events = new Map<string, unknown[]>();
  const replies = new Map<string, CompletionEvent[]>();
  const watched: WatchEvent[] = [];
  const sink: EventSink = {
    send: (channel, payload) => {
      const { id, event } = payload as { id: string; event: unknown };
      events.set(id, [...(events.get(id) ?? []), event]);
      if (channel !== 'conversations:watch:event') return;
      const change = event as WatchEvent;
      watched.push(change);
      if (change.type === 'reply') replies.set(change.conversationId, [...(replies.get(change.conversationId) ?? []), change.event]);
    },
  };
  async function invoke<T = unknown>(channel: string, payload?: unknown): Promise<T> {
    const result = await core.router.invoke(channel, payload, sink);
    if (!result.ok) throw new BridgeError(result.error.message, result.error.code);
    return result.value as T;
  }
  if (options.key !== null) await invoke('secrets:setKey', { key: options.key ?? fake.keys.pro });
  await invoke('conversations:watch');
  // The watch begins with the running replies; from then on nothing is missed.
  await expect.poll(() => watched.length).toBeGreaterThan(0);

  const chatEvents = (conversationId: string) => replies.get(conversationId) ?? [];
  return {
    dir,
    keytar,
    invoke,
    events,
    watched,
    chatEvents,
    /** Waits for the stream's first event of this type (or its end) and returns it. */
    async next<T extends CompletionEvent['type']>(id: string, type: T, nth = 1): Promise<Extract<CompletionEvent, { type: T }>> {
      await expect.poll(() => chatEvents(id).filter((event) => event.type === type).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(nth);
      return chatEvents(id).filter((event) => event.type === type)[nth - 1] as Extract<CompletionEvent, { type: T }>;
    },
    /** Waits for the event that ends the stream. */
    async end(id: string) {
      const ends = ['done', 'stopped', 'failed'];
      await expect.poll(() => chatEvents(id).some((event) => ends.includes(event.type)), { timeout: 15_000 }).toBe(true);
      return chatEvents(id).find((event) => ends.includes(event.type))!;
    },
    close: () => core.close(),
  };
}

export type Driver = Awaited<ReturnType<typeof startCore>>;
