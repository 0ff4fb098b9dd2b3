import { startChat } from '../chat';
import { SHORTCUTS } from '../common/shortcuts';
import { ConversationList, SearchBox, SearchResults, Toast, TransferActions, useHistory } from '../history';
import { TranscribeLink, TranscriptsNav } from '../transcription';
import { useNavigation } from '../navigation';
import { ActiveProfile, ProfileSwitcher } from '../settings';

/** New chat, search, the saved conversations (or the search's hits), transcription, Settings and the active profile. */
export function Sidebar() {
  const view = useNavigation((s) => s.view);
  const { show } = useNavigation.getState();
  const searching = useHistory((s) => s.query.trim() !== '');

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
      <SearchBox />
      <div className="sidebar-pane">
        {searching ? <SearchResults /> : <ConversationList />}
        <TransferActions />
        <TranscriptsNav />
      </div>
      <div className="sidebar-foot">
        <TranscribeLink />
        <button
          type="button"
          className="nav-item"
          aria-current={view === 'settings' ? 'page' : undefined}
          onClick={() => show('settings')}
        >
          Settings
        </button>
        <ActiveProfile />
      </div>
      <ProfileSwitcher />
      <Toast />
    </nav>
  );
}
