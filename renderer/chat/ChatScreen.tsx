import { useState } from 'react';
import { useSettings } from '../settings';
import { ChatOptions } from './ChatOptions';
import { Composer } from './Composer';
import { EmptyState } from './EmptyState';
import { nameOf } from './listing';
import { MessageList } from './MessageList';
import { StorageNotice } from './StorageNotice';
import { type OptionsInput, checkOptions, hasErrors, toInput } from './options';
import { useActiveConversation, useChat } from './store';
import './chat.css';

const OPTIONS_ID = 'chat-options';

/** The options in a few words, so they are visible while the panel is closed. */
function summary(options: OptionsInput): string {
  return [
    options.model.trim() || 'no model',
    options.temperature.trim() && `temperature ${options.temperature.trim()}`,
    options.maxTokens.trim() && `up to ${options.maxTokens.trim()} tokens`,
    options.stream ? 'streamed' : 'not streamed',
    options.jsonMode && 'JSON mode',
    (options.tools?.length ?? 0) > 0 && `${options.tools!.length} ${options.tools!.length === 1 ? 'tool' : 'tools'}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

export function ChatScreen() {
  const conversation = useActiveConversation();
  const plan = useSettings((s) => s.settings?.plan ?? 'free');
  const [optionsOpen, setOptionsOpen] = useState(false);
  const typed = useChat((s) => s.optionInputs[conversation.id]);
  const input = typed ?? toInput(conversation.options);
  const { errors } = checkOptions(input, plan);
  const invalid = hasErrors(errors);
  // Invalid options keep the panel open: their messages are the reason nothing can be sent.
  const showOptions = optionsOpen || invalid;

  return (
    <main className="chat-screen" aria-labelledby="chat-heading">
      <StorageNotice />
      <header className="chat-header">
        <h1 id="chat-heading">{conversation.messages.length ? nameOf(conversation) : conversation.title || 'New chat'}</h1>
        <span className="options-summary">{summary(input)}</span>
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
      {conversation.messages.length > 0 ? (
        <MessageList key={`messages-${conversation.id}`} conversation={conversation} />
      ) : (
        <EmptyState conversationId={conversation.id} />
      )}
      <Composer conversationId={conversation.id} blocked={invalid ? 'Fix the chat options above to send.' : null} />
    </main>
  );
}
