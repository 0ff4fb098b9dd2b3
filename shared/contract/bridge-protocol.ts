import { z } from 'zod';
import { envelope } from './define';

/**
 * Frames of the browser harness's WebSocket bridge. They carry exactly what Electron's
 * IPC carries (a channel and a payload), so the renderer cannot tell the two apart.
 */
export const toMainFrame = z.object({
  type: z.literal('invoke'),
  seq: z.number().int().nonnegative(),
  channel: z.string(),
  // JSON drops an undefined payload, so a call without input arrives without the key.
  payload: z.unknown().optional(),
});

export const toRendererFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('result'), seq: z.number(), envelope }),
  z.object({ type: z.literal('event'), channel: z.string(), payload: z.unknown() }),
]);

export type ToMainFrame = z.infer<typeof toMainFrame>;
export type ToRendererFrame = z.infer<typeof toRendererFrame>;

/**
 * The largest frame either side of the bridge accepts. The page refuses a bigger call before
 * sending it, with a message naming the limit; main closes a socket that sends one anyway.
 */
export const BRIDGE_MAX_FRAME_BYTES = 8 * 1024 * 1024;

/** The path of the bridge's WebSocket and the query parameter carrying the launch token. */
export const BRIDGE_PATH = '/bridge';
export const TOKEN_PARAM = 'token';
