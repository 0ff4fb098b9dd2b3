import { useEffect, useMemo, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { ToolCall } from '../../shared/domain/chat';
import { readJson } from '../../shared/domain/json';
import { problemText } from '../common/problem-text';
import { JsonView } from './JsonView';
import type { PendingApproval } from './chat-state';
import { useChat } from './store';
import './tools.css';

const NO_APPROVALS: PendingApproval[] = [];

/** "get_weather on Service", or the bare function name when the model named something not offered. */
const toolName = (call: ToolCall) => call.tool?.name ?? call.name;

/**
 * Main waits on this: the tool, its server and the FULL arguments, and three answers. Focus
 * moves to the card itself, not to a button, so an Enter meant for something else approves nothing.
 */
function ApprovalCard({ conversationId, approval }: { conversationId: string; approval: PendingApproval }) {
  const { t } = useTranslation('chat');
  const card = useRef<HTMLDivElement>(null);
  // The question takes the focus as it appears. The message list may still be measuring (its
  // items hidden) when the card mounts, and a hidden element cannot take focus, so it tries
  // again each frame for a few seconds — but only while nobody has moved the focus meanwhile.
  useEffect(() => {
    const element = card.current;
    if (!element) return;
    const before = document.activeElement;
    let frame = 0;
    let tries = 0;
    const take = () => {
      const now = document.activeElement;
      if (now === element || (now !== before && now !== document.body)) return;
      element.focus();
      if (document.activeElement !== element && ++tries < 300) frame = requestAnimationFrame(take);
    };
    take();
    return () => cancelAnimationFrame(frame);
  }, []);
  // "Always" waits for the user's answer outside the page; the card says where to look.
  const [chosen, setChosen] = useState<'approve' | 'deny' | 'always' | null>(null);
  const decide = (decision: 'approve' | 'deny' | 'always') => {
    setChosen(decision);
    useChat.getState().decideTool(conversationId, approval.callId, decision);
  };
  const headingId = `approval-${approval.callId}`;

  return (
    <div ref={card} className="approval-card" role="alertdialog" aria-labelledby={headingId} aria-describedby={`${headingId}-args`} tabIndex={-1}>
      <p className="approval-title" id={headingId}>
        <Trans
          t={t}
          i18nKey="tools.approvalTitle"
          values={{ tool: approval.tool.name, server: approval.tool.serverName }}
          components={{ 1: <span className="mono" translate="no" dir="ltr" /> }}
        />
      </p>
      <p className="hint">{t('tools.approvalHint')}</p>
      <div id={`${headingId}-args`}>
        <JsonView reading={approval.arguments} label={t('tools.arguments')} />
      </div>
      {approval.deciding && chosen === 'always' && (
        <p className="hint" role="status">
          {t('tools.confirmAlways')}
        </p>
      )}
      {approval.problem !== null && (
        <p className="field-error" role="alert">
          {problemText(approval.problem)}
        </p>
      )}
      <div className="actions">
        <button type="button" disabled={approval.deciding} onClick={() => decide('approve')}>
          {t('tools.approve')}
        </button>
        <button type="button" className="secondary" disabled={approval.deciding} onClick={() => decide('deny')}>
          {t('tools.deny')}
        </button>
        <button type="button" className="secondary" disabled={approval.deciding} onClick={() => decide('always')}>
          {t('tools.always')}
        </button>
      </div>
    </div>
  );
}

const DECIDED = { approve: 'tools.approved', deny: 'tools.denied', always: 'tools.alwaysApproved' } as const;

function CallSummary({ call }: { call: ToolCall }) {
  const { t } = useTranslation('chat');
  const decision = call.decided;
  const reading = useMemo(() => readJson(call.arguments), [call.arguments]);
  return (
    <details className="tool-call">
      <summary>
        <span className="tool-call-label">{t('tools.call')}</span>{' '}
        <span className="mono" translate="no" dir="ltr">
          {toolName(call)}
        </span>{' '}
        <span className="hint">{call.tool ? t('tools.onServer', { server: call.tool.serverName }) : t('tools.notOffered')}</span>
        {decision && (
          <span className={`badge decision-${decision.decision}`}>
            {decision.automatic ? (decision.decision === 'deny' ? t('tools.blocked') : t('tools.allowed')) : t(DECIDED[decision.decision])}
          </span>
        )}
      </summary>
      <JsonView reading={reading} label={t('tools.argumentsOf', { tool: toolName(call) })} />
    </details>
  );
}

/** The calls an assistant message asked for: each as a summary, or as the approval card while main waits. */
export function ToolCalls({ calls, conversationId }: { calls: ToolCall[]; conversationId: string }) {
  const approvals = useChat((s) => s.running[conversationId]?.approvals ?? NO_APPROVALS);
  return (
    <div className="tool-calls">
      {calls.map((call) => {
        const approval = approvals.find((a) => a.callId === call.id);
        return approval ? (
          <ApprovalCard key={call.id} conversationId={conversationId} approval={approval} />
        ) : (
          <CallSummary key={call.id} call={call} />
        );
      })}
    </div>
  );
}
