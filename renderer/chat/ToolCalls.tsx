import { useEffect, useMemo, useRef, useState } from 'react';
import type { ToolCall } from '../../shared/domain/chat';
import { readJson } from '../../shared/domain/json';
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
        Run <span className="mono">{approval.tool.name}</span> on {approval.tool.serverName}?
      </p>
      <p className="hint">The model asks to run this tool with these arguments. Nothing runs until you decide.</p>
      <div id={`${headingId}-args`}>
        <JsonView reading={approval.arguments} label="Arguments" />
      </div>
      {approval.deciding && chosen === 'always' && (
        <p className="hint" role="status">
          Confirm “always allow” in the dialog or terminal Confab opened…
        </p>
      )}
      {approval.problem && (
        <p className="field-error" role="alert">
          {approval.problem}
        </p>
      )}
      <div className="actions">
        <button type="button" disabled={approval.deciding} onClick={() => decide('approve')}>
          Approve
        </button>
        <button type="button" className="secondary" disabled={approval.deciding} onClick={() => decide('deny')}>
          Deny
        </button>
        <button type="button" className="secondary" disabled={approval.deciding} onClick={() => decide('always')}>
          Always allow this tool
        </button>
      </div>
    </div>
  );
}

const DECIDED = { approve: 'Approved', deny: 'Denied', always: 'Approved, and always allowed from now on (Settings, Tool permissions)' } as const;

function CallSummary({ call }: { call: ToolCall }) {
  const decision = call.decided;
  const reading = useMemo(() => readJson(call.arguments), [call.arguments]);
  return (
    <details className="tool-call">
      <summary>
        <span className="tool-call-label">Tool call</span> <span className="mono">{toolName(call)}</span>
        {call.tool ? <span className="hint"> on {call.tool.serverName}</span> : <span className="hint"> (not a tool Confab offered)</span>}
        {decision && (
          <span className={`badge decision-${decision.decision}`}>
            {decision.automatic ? (decision.decision === 'deny' ? 'Not run: blocked in Settings' : 'Ran without asking (allowed in Settings)') : DECIDED[decision.decision]}
          </span>
        )}
      </summary>
      <JsonView reading={reading} label={`Arguments of ${toolName(call)}`} />
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
