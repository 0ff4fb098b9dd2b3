import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../../electron/core/core';
import type { EventSink } from '../../electron/core/router';
import { createHistoryStore } from '../../electron/core/services/history/history-store';
import type { ContextPlanView } from '../../shared/domain/context-budget';
import type { Message } from '../../shared/domain/conversation';
import { type FakeService, startFakeService } from '../fake-service/server';
import { memoryKeytar } from '../support/memory-keytar';
import { scriptedConsent } from '../support/tool-driver';
import { importStallBench } from './chat-import.bench';
import { ms } from './text';

const HISTORY = Number(process.env.CHAT_SCALE_HISTORY ?? 10_000);
const SENDS = 5;
const WORDS = ['meeting', 'budget', 'the', 'of', 'Zürich', 'décision', 'API', 'v2.3', 'naïve', '—', 'okay', 'transcript', '42', 'yes,', 'because'];

/** A history of varied text (words, numbers, accents, punctuation), so the two token counts differ as real text makes them. */
function history(name: string): Message[] {
  return Array.from({ length: HISTORY }, (_, index) => ({
    id: `${name}${index}`,
    role: index % 2 === 0 ? 'user' : 'assistant',
    content: `${name} ${index}: ` + Array.from({ length: 20 + (index % 30) }, (_, word) => WORDS[(index * 7 + word * 3) % WORDS.length]).join(' '),
    state: 'complete',
    usage: null,
    failure: null,
    model: null,
    createdAt: 1_700_000_000_000 + index,
  }));
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Issue 40's chat at scale, in main's core against the fake (same process, one clock):
 *  - Send → the request at the service with a 10,000-message history, the whole of it sent
 *    (goal < 20 ms): cold (no token counted yet) and as the composer leaves it (counted once).
 *  - The token estimate's error against the fake's own count (usage.prompt_tokens), before and
 *    after the ratio is learnt from one reply.
 *  - main's longest event-loop stall during a 100 MB import (chat-import.bench.ts).
 */
export async function chatScaleBench(): Promise<string[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'confab-bench-chat-scale-'));
  const lines = [`chat-scale: load average ${loadavg()[0]!.toFixed(1)} at the start`];
  let fake: FakeService | undefined;
  let core: Awaited<ReturnType<typeof createCore>> | undefined;
  try {
    const store = createHistoryStore(join(dataDir, 'history.sqlite'));
    const options = { model: 'default', temperature: null, maxTokens: null, stream: true };
    for (const id of ['scale', 'cold']) store.insertWhole({ id, title: id, systemPrompt: '', options, pinned: false, createdAt: 0, updatedAt: 0, messages: history(id) });
    store.close();
    fake = await startFakeService();
    core = await createCore({ userDataDir: dataDir, initialBaseUrl: fake.baseUrl, keytar: memoryKeytar(), consent: scriptedConsent() });
    const sink: EventSink = { send: () => undefined };
    const invoke = async <T>(channel: string, payload?: unknown): Promise<T> => {
      const result = await core!.router.invoke(channel, payload, sink);
      if (!result.ok) throw new Error(result.error.message);
      return result.value as T;
    };
    await invoke('secrets:setKey', { key: fake.keys.free, memoryOnly: true });
    const chats = () => fake!.requests.filter((request) => request.path === '/v1/chat/completions' && (request.body as { max_tokens?: number } | undefined)?.max_tokens !== 1);
    const ended = async (count: number) => {
      while (chats().filter((request) => request.endedAt !== undefined).length < count) await new Promise((resolve) => setTimeout(resolve, 5));
      // The reply's end is written by main just after the fake's last bytes.
      await new Promise((resolve) => setTimeout(resolve, 50));
    };

    // The process's CPU time when each request reaches the fake (its log is written as the headers arrive):
    // on a shared machine the wall time is mostly waiting for a core, the CPU time is what Confab spent.
    const cpuAt = new Map<object, number>();
    const log = fake.requests;
    const push = log.push.bind(log);
    log.push = (...entries) => (entries.forEach((entry) => cpuAt.set(entry, cpuMs())), push(...entries));

    let sent = 0;
    const send = async (id: string) => {
      const before = Date.now();
      const cpuBefore = cpuMs();
      await invoke('conversations:send', { conversationId: id, text: `Question ${sent}?`, options });
      await ended(++sent);
      const usage = (await invoke<{ messages: Message[] }>('history:open', { id })).messages.at(-1)!.usage;
      const request = chats()[sent - 1]!;
      // The fake (in this process) keeps each request's parsed body, ~5 MB of 10,000 messages: dropped once
      // counted, so the collector's work on the bench's own log does not land in the next Send's figure.
      request.body = null;
      return { took: request.at - before, cpu: cpuAt.get(request)! - cpuBefore, reported: usage!.prompt_tokens };
    };
    const estimate = async (id: string) => (await invoke<ContextPlanView>('conversations:contextPlan', { conversationId: id })).tokens;
    // Before any reply: gpt-tokenizer's count alone. Asking also counts every message, as the composer does on opening.
    const uncorrected = await estimate('scale');
    // Another conversation, none of whose messages was counted yet: Send pays for counting them all.
    const cold = (await send('cold')).took;
    const warm: number[] = [];
    const cpu: number[] = [];
    const errors: number[] = [];
    let first = 0;
    for (let n = 0; n < SENDS; n++) {
      const expected = await estimate('scale');
      const { took, cpu: spent, reported } = await send('scale');
      cpu.push(spent);
      if (n === 0) first = (uncorrected - reported) / reported;
      warm.push(took);
      errors.push((expected - reported) / reported);
    }
    lines.push(`chat-scale: Send → request at the service, ${HISTORY.toLocaleString('en')} messages sent: ${ms(median(warm))} median of ${SENDS} (goal < 20 ms), ${ms(median(cpu))} of the process's CPU; the first, counting every message's tokens, ${ms(cold)}`);
    lines.push(
      `chat-scale: token estimate vs the fake's own count: ${(errors[0]! * 100).toFixed(1)} % after one reply's correction, ` +
        `${(errors.at(-1)! * 100).toFixed(1)} % after ${SENDS} (gpt-tokenizer alone: ${(first * 100).toFixed(1)} %)`,
    );
  } finally {
    await core?.close();
    await fake?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  lines.push(...(await importStallBench()));
  return lines;
}
