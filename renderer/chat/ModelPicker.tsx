import { useId, useState } from 'react';
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

/** The advertised models with their descriptions, plus any id typed in; on Free only the free model is open. */
export function ModelPicker({ conversationId, model, plan, error }: Props) {
  const id = useId();
  const [custom, setCustom] = useState(isKnown(model) ? '' : model);
  const choose = (next: string) => useChat.getState().updateOptions(conversationId, { model: next });
  const free = plan === 'free';

  return (
    <fieldset className="model-picker" aria-describedby={`${id}-note`}>
      <legend>Model</legend>
      <div className="model-options">
        {KNOWN_MODELS.map((m) => {
          const locked = free && m.plan === 'pro';
          return (
            <label key={m.id} className={locked ? 'model-option locked' : 'model-option'} title={`Model id: ${m.id}`}>
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
              {locked && <span className="badge pro-badge">Pro plan</span>}
              <span className="model-description">{m.description}</span>
            </label>
          );
        })}
      </div>
      <div className="model-custom">
        <label htmlFor={`${id}-custom`}>
          Other model id {free && <span className="badge pro-badge">Pro plan</span>}
        </label>
        <input
          id={`${id}-custom`}
          type="text"
          spellCheck={false}
          placeholder={free ? 'Needs the Pro plan' : 'Type any model id'}
          value={custom}
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
            You are on the Free plan: only the {modelName(FREE_MODEL)} model is available.{' '}
            <button type="button" className="link" onClick={openSettings}>
              Change the plan in Settings
            </button>
          </p>
        )
      )}
    </fieldset>
  );
}
