import { useChat } from '../chat/store';
import { SHORTCUTS } from '../common/shortcuts';
import { useNavigation } from './navigation';

/** New chat, the conversations (newest first; an empty one is not worth listing) and Settings. */
export function Sidebar() {
  const view = useNavigation((s) => s.view);
  const { show, openConversation, startChat } = useNavigation.getState();
  const conversations = useChat((s) => s.conversations);
  const activeId = useChat((s) => s.activeId);
  const listed = conversations.filter((c) => c.messages.length > 0);

  return (
    <nav className="sidebar" aria-label="Sections">
      <div className="brand" aria-hidden="true">
        Confab
      </div>
      <button
        type="button"
        className="new-chat"
        title={`New chat (${SHORTCUTS.newChat.label})`}
        aria-keyshortcuts={SHORTCUTS.newChat.aria}
        onClick={startChat}
      >
        New chat <kbd>{SHORTCUTS.newChat.label}</kbd>
      </button>
      <h2 className="sidebar-heading" id="chats-heading">
        Chats
      </h2>
      {listed.length === 0 ? (
        <p className="hint sidebar-empty">Your conversations will appear here.</p>
      ) : (
        <ul className="conversation-list" aria-labelledby="chats-heading">
          {listed.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className="nav-item"
                title={c.title}
                aria-current={view === 'chat' && c.id === activeId ? 'page' : undefined}
                onClick={() => openConversation(c.id)}
              >
                {c.title}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="nav-item settings-link"
        aria-current={view === 'settings' ? 'page' : undefined}
        onClick={() => show('settings')}
      >
        Settings
      </button>
    </nav>
  );
}
