import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import type { Envelope } from '../../shared/contract/define';
import { BridgeError, buildClient, type Transport } from '../../shared/contract/client';
import { contract } from '../../shared/contract';
import { STAGE_BYTES_CHANNEL, STAGE_PATH_CHANNEL, type PreloadFiles } from '../../shared/contract/staging';
import { RECORDING_CHUNK_CHANNEL } from '../../shared/contract/recording';

// Runs sandboxed: this file is bundled with everything it imports, and only 'electron'
// is required at run time.

const transport: Transport = {
  invoke: (channel, payload) => ipcRenderer.invoke(channel, payload) as Promise<Envelope>,
  listen(channel, listener) {
    // The IpcRendererEvent gives access to ipcRenderer itself, so it never reaches the page.
    const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, forward);
    return () => {
      ipcRenderer.removeListener(channel, forward);
    };
  },
};

/** Invokes one of main's channels beside the router and unwraps its envelope, as the contract client does. */
async function invoke<T>(channel: string, payload: unknown): Promise<T> {
  const result = (await ipcRenderer.invoke(channel, payload)) as Envelope;
  if (!result.ok) throw new BridgeError(result.error.message, result.error.code);
  return result.value as T;
}

/**
 * Files go to main by path: this isolated world asks webUtils for the path of a File the user
 * dropped or picked, so the page never sees a path nor can it name one. A Blob made in the
 * page (pasted text) has no path; its bytes go as one binary IPC message (structured clone, not JSON),
 * as a recording's chunks do.
 */
const files: PreloadFiles = {
  async stageFile(file, { name, purpose }) {
    const path = file instanceof File ? webUtils.getPathForFile(file) : '';
    if (path) return invoke(STAGE_PATH_CHANNEL, { path, name, purpose });
    return invoke(STAGE_BYTES_CHANNEL, { bytes: new Uint8Array(await file.arrayBuffer()), name, purpose });
  },
  sendChunk: (input) => invoke(RECORDING_CHUNK_CHANNEL, input),
};

// The contract-shaped client and the file intake are the page's only ways out; no raw ipcRenderer is exposed.
contextBridge.exposeInMainWorld('confab', { ...buildClient(contract, transport), files });
