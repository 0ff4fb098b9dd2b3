import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plan } from '../../shared/contract/settings';
import type { ToolChoice } from '../../shared/domain/chat';
import { toolIndex, toolLabel, toolsOf, useMcp } from '../mcp';
import { onConnectionChange } from '../settings';
import { openSettings } from '../navigation';
import type { OptionErrors, OptionsInput } from './options';
import { optionProblemText } from './option-words';

interface Props {
  options: OptionsInput;
  plan: Plan;
  errors: OptionErrors;
  update(change: Partial<OptionsInput>): void;
}

const choiceValue = (choice: ToolChoice | undefined) => (typeof choice === 'object' ? `tool:${choice.tool}` : (choice ?? 'auto'));
const choiceOf = (value: string): ToolChoice =>
  value.startsWith('tool:') ? { tool: value.slice('tool:'.length) } : (value as 'auto' | 'none' | 'required');

function ProBadge() {
  const { t } = useTranslation('chat');
  return <span className="badge pro-badge">{t('model.proPlan')}</span>;
}

/**
 * JSON mode, the tools offered to the model and the tool choice: Pro features. On Free they
 * stay visible, disabled and marked Pro; one left on from Pro can still be turned off.
 */
export function ProOptions({ options, plan, errors, update }: Props) {
  const { t } = useTranslation('chat');
  const id = useId();
  const servers = useMcp((s) => s.servers);
  useEffect(() => useMcp.getState().watch(onConnectionChange), []);
  const free = plan === 'free';
  const enabled = options.tools ?? [];
  const index = toolIndex(servers);
  const connected = (servers ?? []).filter((server) => toolsOf(server).length > 0);
  // Tools this chat had enabled whose server is not connected now: listed so they can be cleared.
  const missing = enabled.filter((key) => !index.has(key));
  const toggle = (key: string, on: boolean) => {
    const tools = on ? [...enabled, key] : enabled.filter((k) => k !== key);
    const choice = options.toolChoice;
    // A named choice of a tool no longer offered falls back to letting the model decide.
    const orphaned = typeof choice === 'object' && !tools.includes(choice.tool);
    update({ tools, ...(orphaned && { toolChoice: 'auto' as const }) });
  };
  // A tool's name, with its server's only when another enabled tool has the same name.
  const nameOf = (key: string) => {
    const entry = index.get(key);
    if (!entry) return key;
    const label = toolLabel(entry.tool);
    const shared = enabled.some((other) => other !== key && index.get(other) && toolLabel(index.get(other)!.tool) === label);
    return shared ? t('pro.toolOnServer', { tool: label, server: entry.server.name }) : label;
  };

  return (
    <div className="pro-options">
      <div className="field">
        <label className={free && !options.jsonMode ? 'check locked' : 'check'}>
          <input
            type="checkbox"
            checked={options.jsonMode ?? false}
            disabled={free && !options.jsonMode}
            aria-describedby={`${id}-json`}
            onChange={(event) => update({ jsonMode: event.target.checked })}
          />
          {t('pro.jsonMode')} {free && <ProBadge />}
        </label>
        {errors.jsonMode ? (
          <p className="field-error" role="alert" id={`${id}-json`}>
            {optionProblemText(t, errors.jsonMode)}
          </p>
        ) : (
          <p className="hint" id={`${id}-json`}>
            {t('pro.jsonHint')}
          </p>
        )}
      </div>

      <fieldset className="tool-picker" aria-describedby={`${id}-tools`}>
        <legend>
          {t('pro.tools')} {free && <ProBadge />}
        </legend>
        {connected.length === 0 && missing.length === 0 && (
          <p className="hint">
            {servers === null ? t('pro.loadingServers') : t('pro.noServer')}
          </p>
        )}
        {connected.map((server) => (
          <div className="tool-group" role="group" aria-label={t('pro.toolsOf', { server: server.name })} key={server.id}>
            <p className="tool-group-name" translate="no">
              {server.name}
            </p>
            {toolsOf(server).map((tool) => {
              const on = enabled.includes(tool.key);
              return (
                // A tool is named and described by its server, in the server's words.
                <label
                  key={tool.key}
                  className={free && !on ? 'tool-option locked' : 'tool-option'}
                  title={tool.description ?? undefined}
                  translate="no"
                >
                  <input type="checkbox" checked={on} disabled={free && !on} onChange={(event) => toggle(tool.key, event.target.checked)} />
                  <span className="mono">{toolLabel(tool)}</span>
                  {tool.description && (
                    <span className="tool-description" dir="auto">
                      {tool.description}
                    </span>
                  )}
                </label>
              );
            })}
          </div>
        ))}
        {missing.length > 0 && (
          <div className="tool-group" role="group" aria-label={t('pro.unavailable')}>
            <p className="tool-group-name">{t('pro.unavailableHeading')}</p>
            {missing.map((key) => (
              <label key={key} className="tool-option">
                <input type="checkbox" checked onChange={() => toggle(key, false)} />
                <span className="mono" translate="no">
                  {key}
                </span>
              </label>
            ))}
          </div>
        )}
        {errors.tools ? (
          <p className="field-error" role="alert" id={`${id}-tools`}>
            {optionProblemText(t, errors.tools)}
          </p>
        ) : (
          <p className="hint" id={`${id}-tools`}>
            {t('pro.toolsHint')}
          </p>
        )}
      </fieldset>

      <div className="field tool-choice">
        <label htmlFor={`${id}-choice`}>
          {t('pro.toolChoice')} {free && <ProBadge />}
        </label>
        <select
          id={`${id}-choice`}
          value={choiceValue(options.toolChoice)}
          disabled={free || enabled.length === 0}
          onChange={(event) => update({ toolChoice: choiceOf(event.target.value) })}
        >
          <option value="auto">{t('pro.choiceAuto')}</option>
          <option value="none">{t('pro.choiceNone')}</option>
          <option value="required">{t('pro.choiceRequired')}</option>
          {enabled.map((key) => (
            <option key={key} value={`tool:${key}`}>
              {t('pro.choiceOnly', { tool: nameOf(key) })}
            </option>
          ))}
        </select>
        {free && (
          <p className="hint">
            {t('pro.needsPro')}{' '}
            <button type="button" className="link" onClick={openSettings}>
              {t('model.changePlan')}
            </button>
          </p>
        )}
      </div>
    </div>
  );
}
