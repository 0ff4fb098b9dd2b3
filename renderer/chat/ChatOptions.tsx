import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plan } from '../../shared/contract/settings';
import { TextField } from '../common/TextField';
import { ContextBudgetField } from '../common/ContextBudgetField';
import { ModelPicker } from './ModelPicker';
import type { Conversation } from '../../shared/domain/conversation';
import type { OptionErrors, OptionsInput } from './options';
import { optionProblemText } from './option-words';
import { ProOptions } from './ProOptions';
import { useChat } from './store';
import { textDirection } from './text-direction';

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
  const { t } = useTranslation('chat');
  const promptId = useId();
  const { updateOptions, setSystemPrompt } = useChat.getState();
  const update = (change: Partial<OptionsInput>) => updateOptions(conversation.id, change);

  return (
    <section id={id} className="chat-options" aria-label={t('options.region')}>
      <ModelPicker conversationId={conversation.id} model={options.model} plan={plan} error={optionProblemText(t, errors.model)} />
      <div className="options-fields">
        <div className="field">
          <label htmlFor={promptId}>{t('options.systemPrompt')}</label>
          <textarea
            id={promptId}
            rows={2}
            placeholder={t('options.systemPromptPlaceholder')}
            value={conversation.systemPrompt}
            dir={textDirection(conversation.systemPrompt)}
            aria-describedby={`${promptId}-hint`}
            onChange={(event) => setSystemPrompt(conversation.id, event.target.value)}
          />
          <p className="hint" id={`${promptId}-hint`}>
            {t('options.systemPromptHint')}
          </p>
        </div>
        <div>
          <div className="options-row">
            <TextField
              label={t('options.temperature')}
              hint={t('options.temperatureHint')}
              inputMode="decimal"
              placeholder={t('options.serviceDefault')}
              value={options.temperature}
              error={optionProblemText(t, errors.temperature)}
              onChange={(temperature) => update({ temperature })}
            />
            <TextField
              label={t('options.maxTokens')}
              hint={t('options.maxTokensHint')}
              inputMode="numeric"
              placeholder={t('options.serviceDefault')}
              value={options.maxTokens}
              error={optionProblemText(t, errors.maxTokens)}
              onChange={(maxTokens) => update({ maxTokens })}
            />
          </div>
          <label className="check">
            <input type="checkbox" checked={options.stream} onChange={(event) => update({ stream: event.target.checked })} />
            {t('options.stream')}
          </label>
          <ContextBudgetField inherits budget={options.context} error={optionProblemText(t, errors.context)} onChange={(context) => update({ context })} />
        </div>
      </div>
      <ProOptions options={options} plan={plan} errors={errors} update={update} />
    </section>
  );
}
