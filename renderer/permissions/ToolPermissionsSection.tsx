import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SERVICE_SERVER_ID } from '../../shared/contract/mcp';
import { problemText } from '../common/problem-text';
import type { PermissionRuleView, ToolRule } from '../../shared/contract/permissions';
import { toolsOf, useMcp } from '../mcp';
import { usePermissions } from './store';
import './permissions.css';

const RULES = [
  { value: 'ask', label: 'permissions.ask' },
  { value: 'allow', label: 'permissions.allow' },
  { value: 'block', label: 'permissions.block' },
] as const satisfies ReadonlyArray<{ value: ToolRule; label: string }>;
const ALL_TOOLS = '';

/** A server's name as the user reads it: the service's own is named in the UI language. */
const useServerName = () => {
  const { t } = useTranslation('mcp');
  return (id: string, name: string | null) =>
    id === SERVICE_SERVER_ID ? t('card.serviceName') : (name ?? t('permissions.removedServer', { id }));
};

function RuleRow({ rule }: { rule: PermissionRuleView }) {
  const { t } = useTranslation('mcp');
  const serverName = useServerName();
  const pending = usePermissions((s) => s.pending);
  const busy = pending !== null;
  const server = serverName(rule.serverId, rule.serverName);
  const label = t('permissions.subject', { tool: rule.tool ?? t('permissions.allToolsDefault'), server });
  return (
    <li className="permission-rule">
      <span className="permission-subject">
        {rule.tool === null ? (
          <>
            <strong>{t('permissions.allTools')}</strong> <span className="hint">{t('permissions.serverDefault')}</span>
          </>
        ) : (
          <strong translate="no" dir="ltr">
            {rule.tool}
          </strong>
        )}
        <span className="hint">
          {' · '}
          <span translate={rule.serverName === null || rule.serverId === SERVICE_SERVER_ID ? undefined : 'no'} dir="auto">
            {server}
          </span>
        </span>
      </span>
      <select
        aria-label={t('permissions.ruleFor', { subject: label })}
        value={rule.rule}
        disabled={busy}
        onChange={(event) => void usePermissions.getState().set({ serverId: rule.serverId, tool: rule.tool, rule: event.target.value as ToolRule })}
      >
        {RULES.map((option) => (
          <option key={option.value} value={option.value}>
            {t(option.label)}
          </option>
        ))}
      </select>
      <button type="button" className="secondary" disabled={busy} aria-label={t('permissions.revokeFor', { subject: label })} onClick={() => void usePermissions.getState().revoke(rule)}>
        {t('permissions.revoke')}
      </button>
    </li>
  );
}

/** Adds a rule for a server (all its tools) or one of its tools. */
function AddRule() {
  const { t } = useTranslation('mcp');
  const serverName = useServerName();
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
      aria-label={t('permissions.addRule')}
      onSubmit={(event) => {
        event.preventDefault();
        void usePermissions.getState().set({ serverId: server.id, tool: tool === ALL_TOOLS ? null : tool, rule });
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-server`}>{t('permissions.server')}</label>
        <select id={`${id}-server`} value={server.id} onChange={(event) => (setServerId(event.target.value), setTool(ALL_TOOLS))}>
          {servers.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {serverName(candidate.id, candidate.name)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-tool`}>{t('permissions.tool')}</label>
        <select id={`${id}-tool`} value={tool} onChange={(event) => setTool(event.target.value)}>
          <option value={ALL_TOOLS}>{t('permissions.allToolsDefault')}</option>
          {tools.map((candidate) => (
            <option key={candidate.name} value={candidate.name}>
              {candidate.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-rule`}>{t('permissions.rule')}</label>
        <select id={`${id}-rule`} value={rule} onChange={(event) => setRule(event.target.value as ToolRule)}>
          {RULES.map((option) => (
            <option key={option.value} value={option.value}>
              {t(option.label)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" disabled={pending !== null}>
        {t('permissions.set')}
      </button>
    </form>
  );
}

/** Main's tool permissions, reviewable and revocable; "allow" is confirmed outside the page. */
export function ToolPermissionsSection() {
  const { t } = useTranslation('mcp');
  const rules = usePermissions((s) => s.rules);
  const problem = usePermissions((s) => s.problem);
  const pending = usePermissions((s) => s.pending);
  useEffect(() => void usePermissions.getState().load(), []);

  return (
    <section aria-labelledby="permissions-heading" className="card permissions-section">
      <h2 id="permissions-heading">{t('permissions.heading')}</h2>
      <p className="hint">{t('permissions.intro')}</p>
      {pending?.rule === 'allow' && (
        <p className="notice" role="status">
          {t('permissions.confirmAllow')}
        </p>
      )}
      {problem && (
        <p className="warning" role="alert">
          {problem.loading ? t('permissions.loadFailed', { problem: problemText(problem.error) }) : problemText(problem.error)}
        </p>
      )}
      {rules === null ? (
        <p className="hint">{t('permissions.loading')}</p>
      ) : rules.length === 0 ? (
        <p className="hint">{t('permissions.none')}</p>
      ) : (
        <ul className="permission-rules" aria-label={t('permissions.rules')}>
          {rules.map((rule) => (
            <RuleRow key={`${rule.serverId}/${rule.tool ?? ''}`} rule={rule} />
          ))}
        </ul>
      )}
      <AddRule />
    </section>
  );
}
