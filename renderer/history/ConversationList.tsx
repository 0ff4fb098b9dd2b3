import { useTranslation } from 'react-i18next';
import type { ConversationMeta } from '../../shared/domain/conversation';
import { useChat } from '../chat';
import { useNavigation } from '../navigation';
import { ConversationItem } from './ConversationItem';

function Group({ id, heading, conversations, activeId }: { id: string; heading: string; conversations: ConversationMeta[]; activeId: string | null }) {
  return (
    <>
      <h2 className="sidebar-heading" id={id}>
        {heading}
      </h2>
      <ul className="conversation-list" aria-labelledby={id}>
        {conversations.map((c) => (
          <ConversationItem key={c.id} conversation={c} current={c.id === activeId} />
        ))}
      </ul>
    </>
  );
}

/** The saved conversations, pinned ones first, then the most recently active. */
export function ConversationList() {
  const { t } = useTranslation('history');
  const listed = useChat((s) => s.listed);
  const activeId = useChat((s) => s.activeId);
  const onChat = useNavigation((s) => s.view === 'chat');
  const current = onChat ? activeId : null;
  const pinned = listed.filter((c) => c.pinned);
  const others = listed.filter((c) => !c.pinned);

  return (
    <div className="sidebar-scroll">
      {pinned.length > 0 && <Group id="pinned-heading" heading={t('list.pinned')} conversations={pinned} activeId={current} />}
      {others.length > 0 && <Group id="chats-heading" heading={t('list.chats')} conversations={others} activeId={current} />}
      {listed.length === 0 && (
        <>
          <h2 className="sidebar-heading">{t('list.chats')}</h2>
          <p className="hint sidebar-empty">{t('list.empty')}</p>
        </>
      )}
    </div>
  );
}
