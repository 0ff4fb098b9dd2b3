import { useEffect, useId } from 'react';
import type { Plan } from '../../shared/contract/settings';
import type { ToolChoice } from '../../shared/domain/chat';
import { toolIndex, toolLabel, toolsOf, useMcp } from '../mcp';
import { onConnectionChange } from '../settings';
import { openSettings } from '../navigation';
import type { OptionErrors, OptionsInput } from './options';

interface Props {
  options: OptionsInput;
  plan: Plan;
  errors: OptionErrors;
  update(change: Partial<OptionsInput>): void;
}

const choiceValue = (choice: ToolChoice | undefined) => (typeof choice === 'object' ? `tool:${choice.tool}` : (choice ?? 'auto'));
const choiceOf = (value: string): ToolChoice =>
  value.startsWith('tool:') ? { tool: value.slice('tool:'.length) } : (value as 'auto' | 'none' | 'required');

const ProBadge = () => <span className="badge pro-badge">Pro plan</span>;

/**
 * JSON mode, the tools offered to the model and the tool choice: Pro features. On Free they
 * stay visible, disabled and marked Pro; one left on from Pro can still be turned off.
 */
export function ProOptions({ options, plan, errors, update }: Props) {
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
    return shared ? `${label} (${entry.server.name})` : label;
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
          JSON mode {free && <ProBadge />}
        </label>
        {errors.jsonMode ? (
          <p className="field-error" role="alert" id={`${id}-json`}>
            {errors.jsonMode}
          </p>
        ) : (
          <p className="hint" id={`${id}-json`}>
            The reply is one JSON object, shown formatted and checked. Say in your message what it should contain.
          </p>
        )}
      </div>

      <fieldset className="tool-picker" aria-describedby={`${id}-tools`}>
        <legend>Tools {free && <ProBadge />}</legend>
        {connected.length === 0 && missing.length === 0 && (
          <p className="hint">
            {servers === null ? 'Loading the tool servers…' : 'No tool server is connected. Add or reconnect one in Settings, under Tools (MCP).'}
          </p>
        )}
        {connected.map((server) => (
          <div className="tool-group" role="group" aria-label={`Tools of ${server.name}`} key={server.id}>
            <p className="tool-group-name">{server.name}</p>
            {toolsOf(server).map((tool) => {
              const on = enabled.includes(tool.key);
              return (
                <label key={tool.key} className={free && !on ? 'tool-option locked' : 'tool-option'} title={tool.description ?? undefined}>
                  <input type="checkbox" checked={on} disabled={free && !on} onChange={(event) => toggle(tool.key, event.target.checked)} />
                  <span className="mono">{toolLabel(tool)}</span>
                  {tool.description && <span className="tool-description">{tool.description}</span>}
                </label>
              );
            })}
          </div>
        ))}
        {missing.length > 0 && (
          <div className="tool-group" role="group" aria-label="Tools not available now">
            <p className="tool-group-name">Not available now (server not connected)</p>
            {missing.map((key) => (
              <label key={key} className="tool-option">
                <input type="checkbox" checked onChange={() => toggle(key, false)} />
                <span className="mono">{key}</span>
              </label>
            ))}
          </div>
        )}
        {errors.tools ? (
          <p className="field-error" role="alert" id={`${id}-tools`}>
            {errors.tools}
          </p>
        ) : (
          <p className="hint" id={`${id}-tools`}>
            The model may ask to use these; each call waits for your approval unless Settings → Tool permissions allows or blocks it.
          </p>
        )}
      </fieldset>

      <div className="field tool-choice">
        <label htmlFor={`${id}-choice`}>Tool choice {free && <ProBadge />}</label>
        <select
          id={`${id}-choice`}
          value={choiceValue(options.toolChoice)}
          disabled={free || enabled.length === 0}
          onChange={(event) => update({ toolChoice: choiceOf(event.target.value) })}
        >
          <option value="auto">Auto: the model decides</option>
          <option value="none">None: no tool this time</option>
          <option value="required">Required: some tool</option>
          {enabled.map((key) => (
            <option key={key} value={`tool:${key}`}>
              Only {nameOf(key)}
            </option>
          ))}
        </select>
        {free && (
          <p className="hint">
            JSON mode and tools need the Pro plan.{' '}
            <button type="button" className="link" onClick={openSettings}>
              Change the plan in Settings
            </button>
          </p>
        )}
      </div>
    </div>
  );
}
