import { ipcMain, type WebContents } from 'electron';
import type { Envelope } from '../../../shared/contract/define';
import { RECORDING_CHUNK_CHANNEL, chunkInput } from '../../../shared/contract/recording';
import { forbidden, isAppWindow } from '../electron-adapter';
import type { RecordingDoor } from '../../core/core';
import { errorText } from '../../../shared/domain/error-text';

/**
 * A recording's chunks in Electron, beside the router: the preload sends each as one IPC
 * message whose `pcm` is a Uint8Array (structured clone, never JSON). Main takes it only from
 * the app window's top frame, validates it, and answers once the core has written and flushed it.
 */
export function attachRecordingChunks(recording: Pick<RecordingDoor, 'append'>, webContents: WebContents): () => void {
  ipcMain.handle(RECORDING_CHUNK_CHANNEL, async (event, payload: unknown): Promise<Envelope> => {
    if (!isAppWindow(event, webContents)) return forbidden;
    const parsed = chunkInput.safeParse(payload);
    if (!parsed.success) return { ok: false, error: { code: 'invalid_payload', message: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join(' ') } };
    try {
      return { ok: true, value: await recording.append(parsed.data) };
    } catch (error) {
      return { ok: false, error: { code: 'handler_failed', message: errorText(error) } };
    }
  });
  return () => ipcMain.removeHandler(RECORDING_CHUNK_CHANNEL);
}
