import { chatArea } from './chat';
import type { ContractDef } from './define';
import { historyArea } from './history';
import { secretsArea } from './secrets';
import { settingsArea } from './settings';

/** Every IPC call and stream the renderer can use, by feature area. */
export const contract = {
  settings: settingsArea,
  secrets: secretsArea,
  chat: chatArea,
  history: historyArea,
} satisfies ContractDef;

export type Contract = typeof contract;
