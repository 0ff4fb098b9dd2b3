import { useId } from 'react';
import type { Plan } from '../../shared/contract/settings';
import { TextField } from '../common/TextField';
import { ModelPicker } from './ModelPicker';
import type { Conversation } from '../../shared/domain/conversation';
import type { OptionErrors, OptionsInput } from './options';
import { ProOptions } from './ProOptions';
import { useChat } from './store';


interface Props {
  id: string;
  conversation: Conversation;
  /** The fields as typed (see OptionsInput). */
  options: OptionsInput;
  plan: Plan;
  errors: OptionErrors;
}

/** The request options of one conversation; every change applies to its next request. */
export function ChatOptions({ id, conversation, options, plan, errors }: Props) {
  const promptId = useId();
  const { updateOptions, setSystemPrompt } = useChat.getState();
  const update = (change: Partial<OptionsInput>) => updateOptions(conversation.id, change);

  return (
    <section id={id} className="chat-options" aria-label="Chat options">
      <ModelPicker conversationId={conversation.id} model={options.model} plan={plan} error={errors.model} />
      <div className="options-fields">
        <div className="field">
          <label htmlFor={promptId}>System prompt</label>
          <textarea
            id={promptId}
            rows={2}
            placeholder="For example: You are a concise assistant. Answer in plain English."
            value={conversation.systemPrompt}
            aria-describedby={`${promptId}-hint`}
            onChange={(event) => setSystemPrompt(conversation.id, event.target.value)}
          />
          <p className="hint" id={`${promptId}-hint`}>
            Sent first, as a system message, with every request of this chat.
          </p>
        </div>
        <div>
          <div className="options-row">
            <TextField
              label="Temperature"
              hint="From 0 (focused) to 2 (varied)."
              inputMode="decimal"
              placeholder="Service default"
              value={options.temperature}
              error={errors.temperature}
              onChange={(temperature) => update({ temperature })}
            />
            <TextField
              label="Maximum tokens"
              hint="A whole number; limits the reply's length."
              inputMode="numeric"
              placeholder="Service default"
              value={options.maxTokens}
              error={errors.maxTokens}
              onChange={(maxTokens) => update({ maxTokens })}
            />
          </div>
          <label className="check">
            <input type="checkbox" checked={options.stream} onChange={(event) => update({ stream: event.target.checked })} />
            Stream the reply as it is written
          </label>
        </div>
      </div>
      <ProOptions options={options} plan={plan} errors={errors} update={update} />
    </section>
  );
}
