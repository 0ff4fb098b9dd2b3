import { contract, type Contract } from '../../shared/contract';
import { TOKEN_PARAM } from '../../shared/contract/bridge-protocol';
import { buildClient, type ContractClient } from '../../shared/contract/client';
import type { ChunkSender } from '../../shared/contract/recording';
import type { FileStager, PreloadFiles } from '../../shared/contract/staging';
import { httpStager } from './http-stager';
import { preloadChunks } from './preload-chunks';
import { preloadStager } from './preload-stager';
import { wsChunks } from './ws-chunks';
import { createWsTransport } from './ws-transport';

declare global {
  interface Window {
    /** Set by Electron's preload; absent in the browser harness. */
    confab?: ContractClient<Contract> & { files: PreloadFiles };
  }
}

export type Api = ContractClient<Contract> & { files: FileStager; chunks: ChunkSender };

function harnessApi(location: Location): Api {
  const token = new URLSearchParams(location.hash.slice(1)).get(TOKEN_PARAM) ?? '';
  const transport = createWsTransport(location, token);
  return { ...buildClient(contract, transport), files: httpStager(token), chunks: wsChunks(transport) };
}

/**
 * The one door to main: Electron's preload API, or the same API over the browser bridge.
 * Files and a recording's chunks take a different road in each (a path or IPC; raw HTTP bodies,
 * or binary frames on the bridge); `files.stage` and `chunks.send` hide which.
 */
export const api: Api = window.confab
  ? { ...window.confab, files: preloadStager(window.confab.files), chunks: preloadChunks(window.confab.files) }
  : harnessApi(window.location);
