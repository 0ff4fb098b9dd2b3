import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plan } from '../../shared/contract/settings';
import { FREE_MODEL, KNOWN_MODELS } from '../../shared/domain/chat';
import { modelName } from '../common/names';
import { openSettings } from '../navigation';
import { useChat } from './store';

interface Props {
  conversationId: string;
  model: string;
  plan: Plan;
  error: string | undefined;
}

const isKnown = (model: string) => KNOWN_MODELS.some((m) => m.id === model);

/** The seed's descriptions of its models, by id. */
const DESCRIPTIONS = {
  default: 'model.description.default',
  fast: 'model.description.fast',
  pro: 'model.description.pro',
} as const satisfies Record<(typeof KNOWN_MODELS)[number]['id'], string>;

/** The advertised models with their descriptions, plus any id typed in; on Free only the free model is open. */
export function ModelPicker({ conversationId, model, plan, error }: Props) {
  const { t } = useTranslation('chat');
  const id = useId();
  const [custom, setCustom] = useState(isKnown(model) ? '' : model);
  const choose = (next: string) => useChat.getState().updateOptions(conversationId, { model: next });
  const free = plan === 'free';

  return (
    <fieldset className="model-picker" aria-describedby={`${id}-note`}>
      <legend>{t('model.legend')}</legend>
      <div className="model-options">
        {KNOWN_MODELS.map((m) => {
          const locked = free && m.plan === 'pro';
          return (
            <label key={m.id} className={locked ? 'model-option locked' : 'model-option'} title={t('header.modelId', { id: m.id })}>
              <input
                type="radio"
                name={`${id}-model`}
                checked={model === m.id}
                disabled={locked}
                onChange={() => {
                  setCustom('');
                  choose(m.id);
                }}
              />
              <span className="model-id">{modelName(m.id)}</span>
              {locked && <span className="badge pro-badge">{t('model.proPlan')}</span>}
              <span className="model-description">{t(DESCRIPTIONS[m.id])}</span>
            </label>
          );
        })}
      </div>
      <div className="model-custom">
        <label htmlFor={`${id}-custom`}>
          {t('model.other')} {free && <span className="badge pro-badge">{t('model.proPlan')}</span>}
        </label>
        <input
          id={`${id}-custom`}
          type="text"
          spellCheck={false}
          placeholder={free ? t('model.otherNeedsPro') : t('model.otherPlaceholder')}
          value={custom}
          dir="ltr"
          disabled={free}
          aria-invalid={error !== undefined}
          onChange={(event) => {
            setCustom(event.target.value);
            choose(event.target.value);
          }}
        />
      </div>
      {error ? (
        <p className="field-error" role="alert" id={`${id}-note`}>
          {error}
        </p>
      ) : (
        free && (
          <p className="hint" id={`${id}-note`}>
            {t('model.freeNote', { model: modelName(FREE_MODEL) })}{' '}
            <button type="button" className="link" onClick={openSettings}>
              {t('model.changePlan')}
            </button>
          </p>
        )
      )}
    </fieldset>
  );
}
