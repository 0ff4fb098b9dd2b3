import type { Message } from '../../shared/domain/conversation';
import { useChat } from './store';

/** "‹ Version 2 of 3 ›" under a reply written more than once; the version shown is the conversation's. */
export function VersionSwitch({ message, conversationId, disabled }: { message: Message; conversationId: string; disabled: boolean }) {
  const { versions } = message;
  if (!versions) return null;
  const total = versions.others.length + 1;
  const at = versions.position;
  const show = (index: number) => void useChat.getState().showVersion(conversationId, message.id, index);
  return (
    <span className="versions" role="group" aria-label="Versions of this reply">
      <button type="button" className="small secondary" aria-label="Previous version" disabled={disabled || at === 0} onClick={() => show(at - 1)}>
        ‹
      </button>
      <span>
        Version {at + 1} of {total}
      </span>
      <button type="button" className="small secondary" aria-label="Next version" disabled={disabled || at === total - 1} onClick={() => show(at + 1)}>
        ›
      </button>
    </span>
  );
}
