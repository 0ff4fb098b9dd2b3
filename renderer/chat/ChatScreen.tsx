import { useRef, useState } from 'react';
import { counted } from '../../shared/domain/plural';
import { useSettings } from '../settings';
import { AttachedTranscript } from './AttachedTranscript';
import { modelName } from '../common/names';
import { ChatOptions } from './ChatOptions';
import { Composer } from './Composer';
import { EmptyState } from './EmptyState';
import { nameOf } from './listing';
import { useNavigation } from '../navigation';
import { NEW_CHAT_ID } from './records';
import { MessageList } from './MessageList';
import { StorageNotice } from './StorageNotice';
import { type OptionsInput, checkOptions, hasErrors, toInput } from './options';
import { useActiveConversation, useChat } from './store';
import './chat.css';

const OPTIONS_ID = 'chat-options';

/** The options in a few words, so they are visible while the panel is closed. */
function summary(options: OptionsInput): string {
  return [
    options.model.trim() ? `${modelName(options.model)} model` : 'no model',
    options.temperature.trim() && `temperature ${options.temperature.trim()}`,
    options.maxTokens.trim() && `up to ${options.maxTokens.trim()} tokens`,
    options.stream ? 'reply shown as it is written' : 'reply shown when complete',
    options.jsonMode && 'JSON mode',
    (options.tools?.length ?? 0) > 0 && counted(options.tools!.length, { one: 'tool', other: 'tools' }),
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The message list's key. The new chat that main has just saved under its own id is the same
 * chat (no navigation happened in between), so its list stays mounted: remounting it then would
 * redraw a waiting tool question inside a list still measuring its items, where it cannot take
 * the focus. Any other change of conversation mounts a fresh list.
 */
function useListKey(id: string): string {
  const focusRequest = useNavigation((s) => s.composerFocus);
  const shown = useRef({ id, key: id, focusRequest });
  const before = shown.current;
  if (before.id !== id || before.focusRequest !== focusRequest) {
    const sameChat = before.id === NEW_CHAT_ID && before.focusRequest === focusRequest;
    shown.current = { id, key: sameChat ? before.key : id, focusRequest };
  }
  return shown.current.key;
}

export function ChatScreen() {
  const conversation = useActiveConversation();
  const listKey = useListKey(conversation.id);
  const plan = useSettings((s) => s.settings?.plan ?? 'free');
  const [optionsOpen, setOptionsOpen] = useState(false);
  const typed = useChat((s) => s.optionInputs[conversation.id]);
  const input = typed ?? toInput(conversation.options);
  const { errors } = checkOptions(input, plan);
  const invalid = hasErrors(errors);
  // Invalid options keep the panel open: their messages are the reason nothing can be sent.
  const showOptions = optionsOpen || invalid;
  const heading = conversation.messages.length ? nameOf(conversation) : conversation.title || 'New chat';

  return (
    <main className="chat-screen" aria-labelledby="chat-heading">
      <StorageNotice />
      <header className="chat-header">
        <h1 id="chat-heading" title={heading}>
          {heading}
        </h1>
        <span className="options-summary" title={`Model id: ${input.model.trim()}`}>
          {summary(input)}
        </span>
        <button
          type="button"
          className="secondary small"
          aria-expanded={showOptions}
          aria-controls={OPTIONS_ID}
          disabled={invalid}
          onClick={() => setOptionsOpen(!optionsOpen)}
        >
          Chat options
        </button>
      </header>
      {showOptions && (
        <ChatOptions
          key={`options-${conversation.id}`}
          id={OPTIONS_ID}
          conversation={conversation}
          options={input}
          plan={plan}
          errors={errors}
        />
      )}
      {conversation.attachment && <AttachedTranscript attachment={conversation.attachment} />}
      {conversation.messages.length > 0 ? (
        <MessageList key={`messages-${listKey}`} conversation={conversation} />
      ) : (
        <EmptyState conversationId={conversation.id} />
      )}
      <Composer conversationId={conversation.id} blocked={invalid ? 'Fix the chat options above to send.' : null} />
    </main>
  );
}
