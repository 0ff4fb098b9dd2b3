import type { z } from 'zod';
import type { ProblemData } from '../domain/problem';
import {
  type CallDef,
  type ContractDef,
  type StreamDef,
  type Envelope,
  cancelChannel,
  channelName,
  eventChannel,
} from './define';

/** How a client reaches main: Electron's IPC in the preload, or the WebSocket bridge in a browser. */
export interface Transport {
  invoke(channel: string, payload: unknown): Promise<Envelope>;
  listen(channel: string, listener: (payload: unknown) => void): () => void;
}

export interface StreamMessage<E> {
  id: string;
  event: E;
}

export interface StreamClient<I, E> {
  start(input: I): Promise<{ id: string }>;
  cancel(id: string): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: (message: StreamMessage<E>) => void): () => void;
}

type Input<S extends z.ZodType> = undefined extends z.input<S> ? z.input<S> | void : z.input<S>;

export type AreaClient<A> = {
  [N in keyof A]: A[N] extends CallDef<infer I, infer O>
    ? (input: Input<I>) => Promise<z.output<O>>
    : A[N] extends StreamDef<infer I, infer E>
      ? StreamClient<Input<I>, z.output<E>>
      : never;
};

export type ContractClient<C extends ContractDef> = { [A in keyof C]: AreaClient<C[A]> };

/** A failure reported by main (bad payload, unknown channel, a handler that threw). */
export class BridgeError extends Error {
  constructor(
    message: string,
    readonly code: string,
    /** The code and values main worded the failure with; the page says them in the user's language. */
    readonly problem: ProblemData | null = null,
  ) {
    super(message);
    this.name = 'BridgeError';
  }
}

async function unwrap(pending: Promise<Envelope>): Promise<unknown> {
  const result = await pending;
  if (!result.ok) throw new BridgeError(result.error.message, result.error.code, result.error.problem ?? null);
  return result.value;
}

/**
 * Builds the renderer-facing API from the contract: one function per call, and
 * start/cancel/subscribe per stream. The preload and the browser bridge both use this,
 * so the renderer sees the same object in Electron and in Chromium.
 */
export function buildClient<C extends ContractDef>(contract: C, transport: Transport): ContractClient<C> {
  const client: Record<string, Record<string, unknown>> = {};
  for (const [area, defs] of Object.entries(contract)) {
    const areaClient: Record<string, unknown> = {};
    for (const [name, def] of Object.entries(defs)) {
      const channel = channelName(area, name);
      if (def.kind === 'call') {
        areaClient[name] = (input: unknown) => unwrap(transport.invoke(channel, input));
      } else {
        areaClient[name] = {
          start: (input: unknown) => unwrap(transport.invoke(channel, input)),
          cancel: async (id: string) => {
            await unwrap(transport.invoke(cancelChannel(channel), { id }));
          },
          subscribe: (listener: (message: unknown) => void) => transport.listen(eventChannel(channel), listener),
        };
      }
    }
    client[area] = areaClient;
  }
  return client as ContractClient<C>;
}
