import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  type CallDef,
  type ContractDef,
  type Envelope,
  type StreamDef,
  cancelChannel,
  cancelInput,
  eventChannel,
  listChannels,
  streamStarted,
} from '../../shared/contract/define';
import { log } from './log';
import { redact } from './services/net/redact';
import { type ProblemData, problemOf, problemOfIssue } from '../../shared/domain/problem';
import { errorText } from '../../shared/domain/error-text';

export interface StreamContext<E> {
  id: string;
  signal: AbortSignal;
  emit(event: E): void;
}

type CallHandler<D> = D extends CallDef<infer I, infer O> ? (input: z.output<I>) => Promise<z.input<O>> : never;
type StreamHandler<D> =
  D extends StreamDef<infer I, infer E> ? (input: z.output<I>, ctx: StreamContext<z.input<E>>) => Promise<void> : never;

/** What main implements: one handler for every call and stream of the contract. */
export type Handlers<C extends ContractDef> = {
  [A in keyof C]: { [N in keyof C[A]]: C[A][N] extends CallDef ? CallHandler<C[A][N]> : StreamHandler<C[A][N]> };
};

/** Where one renderer connection receives stream events (a window's webContents, a WebSocket). */
export interface EventSink {
  send(channel: string, payload: unknown): void;
}

type Route =
  | { kind: 'call'; def: CallDef; handler: (input: unknown) => Promise<unknown> }
  | { kind: 'stream'; def: StreamDef; handler: (input: unknown, ctx: StreamContext<unknown>) => Promise<void>; channel: string }
  | { kind: 'cancel' };

const fail = (code: string, message: string, problem?: ProblemData): Envelope => ({ ok: false, error: { code, message, problem } });

/**
 * The one place payloads from a renderer are checked. Electron's IPC and the browser's
 * WebSocket bridge both hand every message to `invoke`, so validation, unknown-channel
 * refusal and stream bookkeeping exist once.
 */
export function createRouter<C extends ContractDef>(contract: C, handlers: Handlers<C>) {
  const routes = new Map<string, Route>();
  for (const { area, name, channel, def } of listChannels(contract)) {
    const handler = (handlers as Record<string, Record<string, unknown>>)[area]?.[name];
    if (typeof handler !== 'function') throw new Error(`No main-process handler for ${channel}`);
    if (def.kind === 'call') {
      routes.set(channel, { kind: 'call', def, handler: handler as (input: unknown) => Promise<unknown> });
    } else {
      routes.set(channel, { kind: 'stream', def, channel, handler: handler as never });
      routes.set(cancelChannel(channel), { kind: 'cancel' });
    }
  }

  const running = new Map<string, { controller: AbortController; sink: EventSink }>();

  function startStream(route: Extract<Route, { kind: 'stream' }>, input: unknown, sink: EventSink): string {
    const id = randomUUID();
    const controller = new AbortController();
    running.set(id, { controller, sink });
    const emit = (event: unknown) => {
      if (controller.signal.aborted && !running.has(id)) return;
      sink.send(eventChannel(route.channel), { id, event: route.def.event.parse(event) });
    };
    // Started on the next turn, so the caller has the id before the first event can arrive.
    setImmediate(() => {
      void route
        .handler(input, { id, signal: controller.signal, emit })
        .catch((error: unknown) => {
          log.error(`Stream ${route.channel} failed:`, error);
        })
        .finally(() => running.delete(id));
    });
    return id;
  }

  return {
    channels: [...routes.keys()],

    async invoke(channel: string, payload: unknown, sink: EventSink): Promise<Envelope> {
      const route = routes.get(channel);
      if (!route) return fail('unknown_channel', `Unknown channel: ${channel}`);
      const schema = route.kind === 'cancel' ? cancelInput : route.def.input;
      const parsed = schema.safeParse(payload);
      if (!parsed.success) {
        const detail = parsed.error.issues.map((issue) => issue.message).join(' ');
        // A check that names its problem (a URL without https://) is worded for the user; others are the page's bug.
        const problem = parsed.error.issues.map(problemOfIssue).find((found) => found !== null);
        return fail('invalid_payload', detail, problem);
      }
      try {
        if (route.kind === 'cancel') {
          running.get((parsed.data as { id: string }).id)?.controller.abort();
          return { ok: true, value: undefined };
        }
        if (route.kind === 'stream') {
          return { ok: true, value: streamStarted.parse({ id: startStream(route, parsed.data, sink) }) };
        }
        // Parsing the output strips any field the contract does not declare before it leaves main.
        return { ok: true, value: route.def.output.parse(await route.handler(parsed.data)) };
      } catch (error) {
        log.error(`Handler for ${channel} failed:`, error);
        return fail('handler_failed', redact(errorText(error)), problemOf(error) ?? undefined);
      }
    },

    /** Cancels every stream a closed window or socket had started. */
    release(sink: EventSink) {
      for (const [id, entry] of running) if (entry.sink === sink) {
        entry.controller.abort();
        running.delete(id);
      }
    },
  };
}

export type Router = ReturnType<typeof createRouter>;
