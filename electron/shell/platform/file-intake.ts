import { ipcMain, type WebContents } from 'electron';
import type { z } from 'zod';
import type { Envelope } from '../../../shared/contract/define';
import { STAGE_BYTES_CHANNEL, STAGE_PATH_CHANNEL, stageBytesInput, stagePathInput } from '../../../shared/contract/staging';
import type { StageOutcome } from '../../../shared/contract/transcription';
import { forbidden, isAppWindow } from '../electron-adapter';
import type { Staging } from '../../core/services/intake/staging';
import { errorText } from '../../../shared/domain/error-text';

/**
 * Staging in Electron, beside the router (the browser harness must never have a call that
 * takes a path). Only the preload can send on these channels: the page has no ipcRenderer,
 * and what the preload sends as `path` is what webUtils.getPathForFile answered for a File
 * the user dropped or picked, which a page cannot forge. Main still accepts the call only
 * from the app window's top frame, validates it, and copies only regular files.
 */
export function attachFileIntake(staging: Staging, webContents: WebContents): () => void {
  const handle = <S extends z.ZodType>(channel: string, schema: S, stage: (input: z.output<S>) => Promise<StageOutcome>) =>
    ipcMain.handle(channel, async (event, payload: unknown): Promise<Envelope> => {
      if (!isAppWindow(event, webContents)) return forbidden;
      const parsed = schema.safeParse(payload);
      if (!parsed.success) return { ok: false, error: { code: 'invalid_payload', message: parsed.error.issues.map((i) => i.message).join(' ') } };
      try {
        return { ok: true, value: await stage(parsed.data) };
      } catch (error) {
        return { ok: false, error: { code: 'handler_failed', message: errorText(error) } };
      }
    });

  handle(STAGE_PATH_CHANNEL, stagePathInput, ({ path, name, purpose }) => staging.fromPath(path, name, purpose));
  handle(STAGE_BYTES_CHANNEL, stageBytesInput, ({ bytes, name, purpose }) => staging.fromBytes(bytes, name, purpose));
  return () => {
    ipcMain.removeHandler(STAGE_PATH_CHANNEL);
    ipcMain.removeHandler(STAGE_BYTES_CHANNEL);
  };
}
