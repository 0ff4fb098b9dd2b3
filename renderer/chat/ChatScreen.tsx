import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../settings';
import { AttachedTranscript } from './AttachedTranscript';
import { dismissDrawer } from '../common/drawer';
import { modelName } from '../common/names';
import { ChatOptions } from './ChatOptions';
import { Composer } from './Composer';
import { EmptyState } from './EmptyState';
import { nameOf } from './conversation-name';
import { useNavigation } from '../navigation';
import { NEW_CHAT_ID } from './records';
import { MessageList } from './MessageList';
import { StorageNotice } from './StorageNotice';
import { type OptionsInput, checkOptions, hasErrors, toInput } from './options';
import { useActiveConversation, useChat } from './store';
import { useFollowContextPlan } from './context-plan';
import './chat.css';

const OPTIONS_ID = 'chat-options';

/** The options in a few words, so they are visible while the panel is closed. */
function summary(t: TFunction<'chat'>, options: OptionsInput): string {
  return [
    options.model.trim() ? t('summary.model', { name: modelName(options.model) }) : t('summary.noModel'),
    options.temperature.trim() && t('summary.temperature', { value: options.temperature.trim() }),
    options.maxTokens.trim() && t('summary.maxTokens', { value: options.maxTokens.trim() }),
    options.stream ? t('summary.streamed') : t('summary.whole'),
    options.jsonMode && t('summary.json'),
    (options.tools?.length ?? 0) > 0 && t('summary.tools', { count: options.tools!.length }),
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
  const { t } = useTranslation('chat');
  const conversation = useActiveConversation();
  const listKey = useListKey(conversation.id);
  useFollowContextPlan(conversation);
  const plan = useSettings((s) => s.settings?.plan ?? 'free');
  const [optionsOpen, setOptionsOpen] = useState(false);
  const optionsButton = useRef<HTMLButtonElement>(null);
  useEffect(
    () =>
      dismissDrawer({
        // Options kept open by their errors (the button disabled) stay until the errors are mended.
        open: () => (optionsButton.current?.disabled ? null : document.getElementById(OPTIONS_ID)),
        opener: () => optionsButton.current,
        over: () => optionsButton.current?.closest('main') ?? null,
        close: () => setOptionsOpen(false),
      }),
    [],
  );
  const typed = useChat((s) => s.optionInputs[conversation.id]);
  const input = typed ?? toInput(conversation.options);
  const { errors } = checkOptions(input, plan);
  const invalid = hasErrors(errors);
  // Invalid options keep the panel open: their messages are the reason nothing can be sent.
  const showOptions = optionsOpen || invalid;
  const heading = conversation.messages.length ? nameOf(conversation) : conversation.title || t('conversation.new');

  return (
    <main className="chat-screen" aria-labelledby="chat-heading">
      <StorageNotice />
      <header className="chat-header">
        {/* A title is the user's (or the model's) words; "New chat" is ours. */}
        <h1 id="chat-heading" title={heading} dir="auto" translate={conversation.title ? 'no' : undefined}>
          {heading}
        </h1>
        <span className="options-summary" title={t('header.modelId', { id: input.model.trim() })}>
          {summary(t, input)}
        </span>
        <button
          ref={optionsButton}
          type="button"
          className="secondary small"
          aria-expanded={showOptions}
          aria-controls={OPTIONS_ID}
          disabled={invalid}
          onClick={() => setOptionsOpen(!optionsOpen)}
        >
          {t('header.options')}
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
      <Composer conversationId={conversation.id} blocked={invalid ? t('header.blocked') : null} />
    </main>
  );
}
