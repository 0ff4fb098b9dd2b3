// Drives main's core through its router, as the renderer does over IPC, for the MCP and
// tool-calling tests: an in-memory keychain (tests/support/memory-keytar.ts), scripted consent, and every reply's events kept by conversation id.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import type { CompletionEvent } from '../../shared/contract/chat';
import type { WatchEvent } from '../../shared/contract/conversations';
import { BridgeError } from '../../shared/contract/client';
import { createCore } from '../../electron/core/core';
import type { EventSink } from '../../electron/core/router';
import type { Consent, ConsentRequest } from '../../electron/core/services/consent/consent';
import type { FileSaver } from '../../electron/core/services/storage/file-saver';
import type { FakeService } from '../fake-service/server';
import { memoryKeytar } from './memory-keytar';
import { removeFolder } from './temp-folder';

export const STDIO_SERVER = { command: process.execPath, args: ['--import', 'tsx', resolve('tests/support/fixtures/stdio-mcp-server.ts')] };

/**
 * Stands in for the dialog or terminal: answers every question with `answer` (changeable
 * meanwhile) and keeps the questions, so tests see exactly what the user was asked.
 */
export function scriptedConsent(answer = true): Consent & { requests: ConsentRequest[]; answer: boolean } {
  const consent = {
    where: 'terminal' as const,
    answer,
    requests: [] as ConsentRequest[],
    ask: async (request: ConsentRequest) => {
      consent.requests.push(request);
      return consent.answer;
    },
  };
  return consent;
}

export async function startCore(
  fake: FakeService,
  options: { key?: string | null; dir?: string; keytar?: ReturnType<typeof memoryKeytar>; consent?: ReturnType<typeof scriptedConsent>; fileSaver?: FileSaver } = {},
) {
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'confab-tools-')));
  const keytar = options.keytar ?? memoryKeytar();
  const consent = options.consent ?? scriptedConsent();
  const core = await createCore({ userDataDir: dir, initialBaseUrl: fake.baseUrl, keytar, consent, fileSaver: options.fileSaver });
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
    if (!result.ok) throw new BridgeError(result.error.message, result.error.code, result.error.problem ?? null);
    return result.value as T;
  }
  if (options.key !== null) await invoke('secrets:setKey', { key: options.key ?? fake.keys.pro });
  // Main refuses Pro options on the Free plan, so a core given the Pro key is on the Pro plan.
  if ((options.key ?? fake.keys.pro) === fake.keys.pro) await invoke('settings:update', { plan: 'pro' });
  await invoke('conversations:watch');
  // The watch begins with the running replies; from then on nothing is missed.
  await expect.poll(() => watched.length).toBeGreaterThan(0);

  const chatEvents = (conversationId: string) => replies.get(conversationId) ?? [];
  return {
    dir,
    core,
    keytar,
    consent,
    invoke,
    /** Sets a tool permission rule as Settings does (an "allow" is confirmed by the consent given). */
    rule: (serverId: string, tool: string | null, rule: 'allow' | 'ask' | 'block') => invoke('permissions:set', { serverId, tool, rule }),
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
    /** Closes the core and deletes its data folder. */
    async dispose() {
      await core.close();
      await removeFolder(dir);
    },
  };
}

export type Driver = Awaited<ReturnType<typeof startCore>>;

/**
 * The bodies of the chat requests conversations made: not the one-token completion that tries
 * a key before it is stored (one user message, max_tokens 1).
 */
export const conversationBodies = <T>(fake: FakeService): T[] =>
  fake.requests
    .filter((request) => request.path === '/v1/chat/completions')
    .map((request) => request.body as { messages: unknown[]; max_tokens?: number })
    .filter((body) => !(body.max_tokens === 1 && body.messages.length === 1))
    .map((body) => body as T);
