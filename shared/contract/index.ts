import { chatArea } from './chat';
import type { ContractDef } from './define';
import { secretsArea } from './secrets';
import { settingsArea } from './settings';

/** Every IPC call and stream the renderer can use, by feature area. */
export const contract = {
  settings: settingsArea,
  secrets: secretsArea,
  chat: chatArea,
} satisfies ContractDef;

export type Contract = typeof contract;
