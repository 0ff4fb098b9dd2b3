import { contract, type Contract } from '../../shared/contract';
import { buildClient, type ContractClient } from '../../shared/contract/client';
import { createWsTransport } from './ws-transport';

declare global {
  interface Window {
    /** Set by Electron's preload; absent in the browser harness. */
    confab?: ContractClient<Contract>;
  }
}

/** The one door to main: Electron's preload API, or the same API over the browser bridge. */
export const api: ContractClient<Contract> = window.confab ?? buildClient(contract, createWsTransport(window.location));
