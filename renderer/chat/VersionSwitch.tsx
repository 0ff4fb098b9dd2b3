import { useTranslation } from 'react-i18next';
import type { Message } from '../../shared/domain/conversation';
import { useFormats } from '../i18n';
import { useChat } from './store';

const VERSION_WORDS = { group: 'versions.group', previous: 'versions.previous', next: 'versions.next', position: 'versions.position' } as const;
const BRANCH_WORDS = { group: 'branches.group', previous: 'branches.previous', next: 'branches.next', position: 'branches.position' } as const;

/**
 * "‹ 2 of 3 ›": which of several the message shows. ‹ and › are mirrored characters: in a
 * right-to-left page the bidi algorithm turns them, so Previous points right.
 */
function StepSwitch(props: { labels: typeof VERSION_WORDS | typeof BRANCH_WORDS; at: number; total: number; disabled: boolean; show(index: number): void }) {
  const { t } = useTranslation('chat');
  const format = useFormats();
  const { labels, at, total, disabled, show } = props;
  return (
    <span className="versions" role="group" aria-label={t(labels.group)}>
      <button type="button" className="small secondary" aria-label={t(labels.previous)} disabled={disabled || at === 0} onClick={() => show(at - 1)}>
        ‹
      </button>
      <span>{t(labels.position, { at: format.number(at + 1), total: format.number(total) })}</span>
      <button type="button" className="small secondary" aria-label={t(labels.next)} disabled={disabled || at === total - 1} onClick={() => show(at + 1)}>
        ›
      </button>
    </span>
  );
}

/** "‹ Version 2 of 3 ›" under a reply written more than once; the version shown is the conversation's. */
export function VersionSwitch({ message, conversationId, disabled }: { message: Message; conversationId: string; disabled: boolean }) {
  const { versions } = message;
  if (!versions) return null;
  const show = (index: number) => void useChat.getState().showVersion(conversationId, message.id, index);
  return <StepSwitch labels={VERSION_WORDS} at={versions.position} total={versions.others.length + 1} disabled={disabled} show={show} />;
}

/** "‹ 1 of 2 ›" under a message edited, or a reply retried, as a new branch: the branch shown is the conversation's (main's path). */
export function BranchSwitch({ message, conversationId, disabled }: { message: Message; conversationId: string; disabled: boolean }) {
  const siblings = message.branches?.siblings;
  if (!siblings) return null;
  const show = (index: number) => void useChat.getState().showBranch(conversationId, siblings[index]!);
  return <StepSwitch labels={BRANCH_WORDS} at={siblings.indexOf(message.id)} total={siblings.length} disabled={disabled} show={show} />;
}

/** Branch from here: a new conversation with a copy of the messages up to this one. */
export function BranchFromHere({ message, conversationId, disabled }: { message: Message; conversationId: string; disabled: boolean }) {
  const { t } = useTranslation('chat');
  return (
    <button
      type="button"
      className="small secondary"
      title={t('message.branchFromTitle')}
      disabled={disabled}
      onClick={() => void useChat.getState().branchFrom(conversationId, message.id)}
    >
      {t('message.branchFrom')}
    </button>
  );
}
