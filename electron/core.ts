import { join, resolve } from 'node:path';
import * as keytar from '@napi-rs/keyring/keytar.js';
import { contract } from '../shared/contract';
import { conversationsHandlers } from './handlers/conversations';
import { historyHandlers } from './handlers/history';
import { mcpHandlers } from './handlers/mcp';
import { transcriptionHandlers } from './handlers/transcription';
import { secretsHandlers } from './handlers/secrets';
import { settingsHandlers } from './handlers/settings';
import { createRouter, type Router } from './ipc/router';
import { createChatService } from './services/chat-service';
import { createConversationService } from './services/conversations/conversation-service';
import { lockDataFolder } from './services/data-lock';
import { downloadSaver, type FileSaver } from './services/file-saver';
import { createHistoryStore, type HistoryStore } from './services/history/history-store';
import { createKeyStore, type Keytar } from './services/keychain';
import { createMcpHost } from './services/mcp/mcp-host';
import { loadServerConfigs } from './services/mcp/server-configs';
import { createServerSecrets } from './services/mcp/server-secrets';
import { createServiceClient } from './services/service-client';
import { createStaging } from './services/transcription/staging';
import { createTranscriptionService } from './services/transcription/transcription-service';
import { createSettingsStore } from './services/settings-store';
import { defaultMcpUrl } from '../shared/contract/settings';

export interface CoreOptions {
  /** The user-data folder: settings, history and temporary files live here. */
  userDataDir: string;
  /** Pre-fills the base URL on first run (APP_BASE_URL). */
  initialBaseUrl?: string;
  /** Injected in tests; the OS keychain otherwise. */
  keytar?: Keytar;
  fetch?: typeof fetch;
  /** Electron's save dialog; the browser harness hands files to the browser's download. */
  fileSaver?: FileSaver;
}

export interface Core {
  router: Router;
  close(): Promise<void>;
}

/**
 * Builds every main-process service and the router over them. Electron's IPC adapter and
 * the browser harness's WebSocket bridge both serve this one router.
 */
export async function createCore(options: CoreOptions): Promise<Core> {
  const settings = await createSettingsStore({ dir: options.userDataDir, initialBaseUrl: options.initialBaseUrl });
  const lock = lockDataFolder(options.userDataDir);
  let history: HistoryStore;
  try {
    history = createHistoryStore(join(options.userDataDir, 'history.sqlite'), { afterCrash: lock.afterCrash });
  } catch (error) {
    lock.release();
    throw error;
  }
  // The key belongs to a data folder, so separate profiles (APP_DATA_DIR) never share one,
  // while Electron and the browser harness on the same folder do.
  const keychain = { keytar: options.keytar ?? keytar, service: 'Confab' };
  const keys = createKeyStore({ ...keychain, account: resolve(options.userDataDir) });
  const service = createServiceClient({
    fetch: options.fetch ?? fetch,
    baseUrl: () => settings.get().baseUrl,
    apiKey: () => keys.read(),
  });
  // User-added MCP servers' secrets sit in the keychain next to the API key, one account each.
  const secrets = createServerSecrets({ ...keychain, accountPrefix: resolve(options.userDataDir) });
  const mcp = createMcpHost({
    configs: await loadServerConfigs({ dir: options.userDataDir, secrets }),
    service: { url: () => settings.get().mcpUrl ?? defaultMcpUrl(settings.get().baseUrl), apiKey: () => keys.read() },
    fetch: options.fetch ?? fetch,
  });

  const files = options.fileSaver ?? downloadSaver;
  const staging = createStaging(join(options.userDataDir, 'staging'));

  const conversations = createConversationService({ history, chat: createChatService({ service, tools: mcp }) });

  const router = createRouter(contract, {
    settings: settingsHandlers({ settings, service }),
    secrets: secretsHandlers({ keys }),
    conversations: conversationsHandlers({ conversations }),
    history: historyHandlers({ history, files, stopReply: conversations.stop }),
    transcription: transcriptionHandlers({
      staging,
      history,
      files,
      transcription: createTranscriptionService({ service, staging, history, audioDir: join(options.userDataDir, 'audio') }),
    }),
    mcp: mcpHandlers({ mcp }),
  });

  return {
    router,
    async close() {
      await conversations.close();
      await mcp.close();
      history.close();
      lock.release();
    },
  };
}
