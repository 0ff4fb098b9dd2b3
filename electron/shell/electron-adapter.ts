import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import type { Envelope } from '../../shared/contract/define';
import { isAppUrl } from './app-protocol';
import type { EventSink, Router } from '../core/router';

export const forbidden: Envelope = {
  ok: false,
  error: { code: 'forbidden_sender', message: 'This request did not come from the Confab window.' },
};

/**
 * Only the app page in this window's top frame may call main: not a subframe, not another
 * window, not a page from elsewhere should one ever load. senderFrame is null once the
 * frame has navigated away or gone. Electron keeps one WebFrameMain per live frame, so
 * identity is the comparison (`parent === null` alone would also admit a fenced frame).
 */
export function isAppWindow(event: IpcMainInvokeEvent, webContents: WebContents): boolean {
  const frame = event.senderFrame;
  return frame !== null && frame === webContents.mainFrame && isAppUrl(frame.url);
}

/**
 * Serves every router channel to one window over ipcMain.handle. Returns the disposer,
 * which removes the handlers (ipcMain allows one per channel, so a new window needs the
 * previous one's disposer to have run) and stops the streams this window started.
 */
export function attachIpc(router: Router, webContents: WebContents): () => void {
  const sink: EventSink = {
    send(channel, payload) {
      if (!webContents.isDestroyed()) webContents.send(channel, payload);
    },
  };
  const release = () => router.release(sink);

  for (const channel of router.channels) {
    ipcMain.handle(channel, async (event, payload: unknown) =>
      isAppWindow(event, webContents) ? router.invoke(channel, payload, sink) : forbidden,
    );
  }
  webContents.once('destroyed', release);

  return () => {
    for (const channel of router.channels) ipcMain.removeHandler(channel);
    webContents.removeListener('destroyed', release);
    release();
  };
}
