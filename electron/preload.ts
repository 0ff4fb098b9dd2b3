import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { Envelope } from '../shared/contract/define';
import { buildClient, type Transport } from '../shared/contract/client';
import { contract } from '../shared/contract';

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

// The contract-shaped client is the page's only way out; no raw ipcRenderer is exposed.
contextBridge.exposeInMainWorld('confab', buildClient(contract, transport));
