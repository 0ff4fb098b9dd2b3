import type { ContractDef } from './define';
import { conversationsArea } from './conversations';
import { historyArea } from './history';
import { mcpArea } from './mcp';
import { secretsArea } from './secrets';
import { settingsArea } from './settings';
import { transcriptionArea } from './transcription';

/** Every IPC call and stream the renderer can use, by feature area. */
export const contract = {
  settings: settingsArea,
  secrets: secretsArea,
  conversations: conversationsArea,
  history: historyArea,
  transcription: transcriptionArea,
  mcp: mcpArea,
} satisfies ContractDef;

export type Contract = typeof contract;
