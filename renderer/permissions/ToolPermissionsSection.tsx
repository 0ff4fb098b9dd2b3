import { useEffect, useId, useState } from 'react';
import type { PermissionRuleView, ToolRule } from '../../shared/contract/permissions';
import { toolsOf, useMcp } from '../mcp';
import { usePermissions } from './store';
import './permissions.css';

const RULES: Array<{ value: ToolRule; label: string }> = [
  { value: 'ask', label: 'Ask each time' },
  { value: 'allow', label: 'Allow without asking' },
  { value: 'block', label: 'Block' },
];
const ALL_TOOLS = '';

const subject = (rule: Pick<PermissionRuleView, 'serverName' | 'serverId' | 'tool'>) =>
  `${rule.tool ?? 'All tools (server default)'} · ${rule.serverName ?? `removed server ${rule.serverId}`}`;

function RuleRow({ rule }: { rule: PermissionRuleView }) {
  const pending = usePermissions((s) => s.pending);
  const busy = pending !== null;
  const label = subject(rule);
  return (
    <li className="permission-rule">
      <span className="permission-subject">
        <strong>{rule.tool ?? 'All tools'}</strong>
        {rule.tool === null && <span className="hint"> (server default)</span>}
        <span className="hint"> · {rule.serverName ?? `removed server (${rule.serverId})`}</span>
      </span>
      <select
        aria-label={`Rule for ${label}`}
        value={rule.rule}
        disabled={busy}
        onChange={(event) => void usePermissions.getState().set({ serverId: rule.serverId, tool: rule.tool, rule: event.target.value as ToolRule })}
      >
        {RULES.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <button type="button" className="secondary" disabled={busy} aria-label={`Revoke the rule for ${label}`} onClick={() => void usePermissions.getState().revoke(rule)}>
        Revoke
      </button>
    </li>
  );
}

/** Adds a rule for a server (all its tools) or one of its tools. */
function AddRule() {
  const id = useId();
  const servers = useMcp((s) => s.servers) ?? [];
  const pending = usePermissions((s) => s.pending);
  const [serverId, setServerId] = useState('');
  const [tool, setTool] = useState(ALL_TOOLS);
  const [rule, setRule] = useState<ToolRule>('ask');
  const server = servers.find((candidate) => candidate.id === serverId) ?? servers[0];
  const tools = server ? toolsOf(server) : [];
  if (!server) return null;
  return (
    <form
      className="permission-add"
      aria-label="Add a tool permission rule"
      onSubmit={(event) => {
        event.preventDefault();
        void usePermissions.getState().set({ serverId: server.id, tool: tool === ALL_TOOLS ? null : tool, rule });
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-server`}>Server</label>
        <select id={`${id}-server`} value={server.id} onChange={(event) => (setServerId(event.target.value), setTool(ALL_TOOLS))}>
          {servers.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-tool`}>Tool</label>
        <select id={`${id}-tool`} value={tool} onChange={(event) => setTool(event.target.value)}>
          <option value={ALL_TOOLS}>All tools (server default)</option>
          {tools.map((candidate) => (
            <option key={candidate.name} value={candidate.name}>
              {candidate.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-rule`}>Rule</label>
        <select id={`${id}-rule`} value={rule} onChange={(event) => setRule(event.target.value as ToolRule)}>
          {RULES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" disabled={pending !== null}>
        Set rule
      </button>
    </form>
  );
}

/** Main's tool permissions, reviewable and revocable; "allow" is confirmed outside the page. */
export function ToolPermissionsSection() {
  const rules = usePermissions((s) => s.rules);
  const problem = usePermissions((s) => s.problem);
  const pending = usePermissions((s) => s.pending);
  useEffect(() => void usePermissions.getState().load(), []);

  return (
    <section aria-labelledby="permissions-heading" className="card permissions-section">
      <h2 id="permissions-heading">Tool permissions</h2>
      <p className="hint">
        Whether a tool runs without asking, asks before each call, or is never offered to the model. A tool's own rule
        wins over its server's default; with neither, it asks. Allowing a tool is confirmed outside this page: in a
        dialog, or in the terminal that started Confab.
      </p>
      {pending?.rule === 'allow' && (
        <p className="notice" role="status">
          Confirm “allow” in the dialog or terminal Confab opened…
        </p>
      )}
      {problem && (
        <p className="warning" role="alert">
          {problem}
        </p>
      )}
      {rules === null ? (
        <p className="hint">Loading the rules…</p>
      ) : rules.length === 0 ? (
        <p className="hint">No rules yet: every tool asks before each call.</p>
      ) : (
        <ul className="permission-rules" aria-label="Tool permission rules">
          {rules.map((rule) => (
            <RuleRow key={`${rule.serverId}/${rule.tool ?? ''}`} rule={rule} />
          ))}
        </ul>
      )}
      <AddRule />
    </section>
  );
}
