import type { ChatOptions, WireMessage } from '../../../../shared/domain/chat';

/** One completion request as main builds it: the conversation's options and the messages the model is sent. */
export type CompletionInput = ChatOptions & { messages: WireMessage[] };
