import { BridgeError } from '../../shared/contract/client';
import type { ChatOptions } from '../../shared/domain/chat';
import type { Conversation, Message } from '../../shared/domain/conversation';
import type { ServiceFailure } from '../../shared/domain/service-failure';

/** A user message is complete as written; a reply starts out streaming. */
export const newMessage = (role: 'user' | 'assistant', content: string, model: string | null = null): Message => ({
  id: crypto.randomUUID(),
  role,
  content,
  state: role === 'assistant' ? 'streaming' : 'complete',
  usage: null,
  failure: null,
  model,
  createdAt: Date.now(),
});

export const newConversation = (options: ChatOptions): Conversation => ({
  id: crypto.randomUUID(),
  title: '',
  systemPrompt: '',
  options,
  pinned: false,
  createdAt: Date.now(),
  updatedAt: Date.now(),
  messages: [],
});

/** A start call that main refused or never received (the bridge is down), shown like any other failure. */
export const bridgeFailure = (error: unknown): ServiceFailure => ({
  kind: 'http',
  status: null,
  code: error instanceof BridgeError ? error.code : null,
  message: error instanceof Error ? error.message : String(error),
  host: null,
  retryAfterSeconds: null,
});
