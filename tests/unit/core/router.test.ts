import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { call, stream } from '../../../shared/contract/define';
import { createRouter, type EventSink } from '../../../electron/core/router';

const testContract = {
  demo: {
    echo: call(z.object({ text: z.string().min(1, 'Say something.') }), z.object({ text: z.string() })),
    ticks: stream(z.object({ count: z.number().int() }), z.object({ n: z.number() })),
  },
};

function recordingSink() {
  const events: { channel: string; payload: unknown }[] = [];
  const sink: EventSink = { send: (channel, payload) => events.push({ channel, payload }) };
  return { sink, events };
}

function makeRouter() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const router = createRouter(testContract, {
    demo: {
      // The extra field must never leave main: output parsing strips it.
      echo: async ({ text }) => ({ text, secret: 'sk-should-not-leak' }) as { text: string },
      ticks: async ({ count }, { emit, signal }) => {
        for (let n = 1; n <= count; n++) {
          if (signal.aborted) return emit({ n: -1 });
          emit({ n });
          if (n === 1) await gate;
        }
      },
    },
  });
  return { router, release };
}

describe('router', () => {
  it('answers a valid call and strips fields the contract does not declare', async () => {
    const { router } = makeRouter();
    const { sink } = recordingSink();
    expect(await router.invoke('demo:echo', { text: 'hi' }, sink)).toEqual({ ok: true, value: { text: 'hi' } });
  });

  it('rejects unknown channels and invalid payloads with the schema message', async () => {
    const { router } = makeRouter();
    const { sink } = recordingSink();
    expect(await router.invoke('demo:nope', {}, sink)).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    expect(await router.invoke('demo:echo', { text: '' }, sink)).toEqual({
      ok: false,
      error: { code: 'invalid_payload', message: 'Say something.' },
    });
    expect(await router.invoke('demo:echo', 'not an object', sink)).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
  });

  it('refuses to build without a handler for every channel', () => {
    expect(() => createRouter(testContract, { demo: { echo: async () => ({ text: '' }) } } as never)).toThrow(/demo:ticks/);
  });

  it('starts a stream with an id, tags its events with it, and cancels by id', async () => {
    const { router, release } = makeRouter();
    const { sink, events } = recordingSink();
    const started = await router.invoke('demo:ticks', { count: 3 }, sink);
    expect(started.ok).toBe(true);
    const id = (started as { value: { id: string } }).value.id;
    // The caller has the id before any event of the stream can arrive.
    expect(events).toEqual([]);
    await vi.waitFor(() => expect(events).toEqual([{ channel: 'demo:ticks:event', payload: { id, event: { n: 1 } } }]));
    expect(await router.invoke('demo:ticks:cancel', { id }, sink)).toEqual({ ok: true, value: undefined });
    release();
    await vi.waitFor(() => expect(events.at(-1)).toEqual({ channel: 'demo:ticks:event', payload: { id, event: { n: -1 } } }));
  });

  it('aborts the streams of a released sink and stops delivering to it', async () => {
    const { router, release } = makeRouter();
    const { sink, events } = recordingSink();
    await router.invoke('demo:ticks', { count: 3 }, sink);
    await vi.waitFor(() => expect(events).toHaveLength(1));
    router.release(sink);
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events).toHaveLength(1);
  });
});
