import { useId } from 'react';
import type { Plan } from '../../shared/contract/settings';
import { ModelPicker } from './ModelPicker';
import type { Conversation } from '../../shared/domain/conversation';
import type { OptionErrors, OptionsInput } from './options';
import { ProOptions } from './ProOptions';
import { useChat } from './store';

interface FieldProps {
  label: string;
  hint: string;
  value: string;
  error: string | undefined;
  inputMode: 'decimal' | 'numeric';
  onChange(value: string): void;
}

/** A number as text, so whatever was typed stays while the schema's message says what is wrong. */
function NumberField({ label, hint, value, error, inputMode, onChange }: FieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode={inputMode}
        placeholder="Service default"
        value={value}
        aria-invalid={error !== undefined}
        aria-describedby={`${id}-note`}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p className="field-error" role="alert" id={`${id}-note`}>
          {error}
        </p>
      ) : (
        <p className="hint" id={`${id}-note`}>
          {hint}
        </p>
      )}
    </div>
  );
}

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
            <NumberField
              label="Temperature"
              hint="From 0 (focused) to 2 (varied)."
              inputMode="decimal"
              value={options.temperature}
              error={errors.temperature}
              onChange={(temperature) => update({ temperature })}
            />
            <NumberField
              label="Maximum tokens"
              hint="A whole number; limits the reply's length."
              inputMode="numeric"
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
