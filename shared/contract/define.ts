import { z } from 'zod';
import { problemSchema } from '../domain/problem';

/** A request/response call: the renderer sends `input`, main answers with `output`. */
export interface CallDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly kind: 'call';
  readonly input: I;
  readonly output: O;
}

/**
 * An event stream: starting it is a call that returns an id, every event carries that id,
 * and the renderer can cancel it by id. The event schema describes one event's body.
 */
export interface StreamDef<I extends z.ZodType = z.ZodType, E extends z.ZodType = z.ZodType> {
  readonly kind: 'stream';
  readonly input: I;
  readonly event: E;
}

export type AreaDef = Readonly<Record<string, CallDef | StreamDef>>;
export type ContractDef = Readonly<Record<string, AreaDef>>;

export const call = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O): CallDef<I, O> => ({
  kind: 'call',
  input,
  output,
});

export const stream = <I extends z.ZodType, E extends z.ZodType>(input: I, event: E): StreamDef<I, E> => ({ kind: 'stream', input, event });

/** Wire names. Calls and stream starts share `area:name`; a stream adds `:event` and `:cancel`. */
export const channelName = (area: string, name: string) => `${area}:${name}`;
export const eventChannel = (channel: string) => `${channel}:event`;
export const cancelChannel = (channel: string) => `${channel}:cancel`;

export const streamStarted = z.object({ id: z.string() });
export const cancelInput = z.object({ id: z.string() });

/** What every invoke answers on the wire, so errors survive any transport unchanged. */
export const envelope = z.union([
  z.object({ ok: z.literal(true), value: z.unknown().optional() }),
  // `problem` is what the page words (a Problem main threw); `message` is for logs and for faults nobody worded.
  z.object({ ok: z.literal(false), error: z.object({ message: z.string(), code: z.string(), problem: problemSchema.optional() }) }),
]);
export type Envelope = z.infer<typeof envelope>;

export interface ChannelEntry {
  area: string;
  name: string;
  channel: string;
  def: CallDef | StreamDef;
}

/** Every declared call and stream, in declaration order. */
export function listChannels(contract: ContractDef): ChannelEntry[] {
  return Object.entries(contract).flatMap(([area, defs]) =>
    Object.entries(defs).map(([name, def]) => ({ area, name, channel: channelName(area, name), def })),
  );
}

/** Every name that may cross the bridge towards main: calls, stream starts and stream cancels. */
export function invokableChannels(contract: ContractDef): string[] {
  return listChannels(contract).flatMap(({ channel, def }) =>
    def.kind === 'stream' ? [channel, cancelChannel(channel)] : [channel],
  );
}
