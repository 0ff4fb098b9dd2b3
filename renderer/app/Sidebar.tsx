import { SHORTCUTS } from '../common/shortcuts';
import { ConversationList } from '../history/ConversationList';
import { SearchBox } from '../history/SearchBox';
import { SearchResults } from '../history/SearchResults';
import { Toast } from '../history/Toast';
import { TransferActions } from '../history/TransferActions';
import { useHistory } from '../history/store';
import '../history/history.css';
import { ActiveProfile } from '../profiles/ActiveProfile';
import { ProfileSwitcher } from '../profiles/ProfileSwitcher';
import { TranscriptsNav } from '../transcription/TranscriptsNav';
import { useNavigation } from './navigation';

/** New chat, search, the saved conversations (or the search's hits), transcription, Settings and the active profile. */
export function Sidebar() {
  const view = useNavigation((s) => s.view);
  const { show, startChat } = useNavigation.getState();
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
      {searching ? <SearchResults /> : <ConversationList />}
      <TransferActions />
      <TranscriptsNav />
      <button
        type="button"
        className="nav-item settings-link"
        aria-current={view === 'settings' ? 'page' : undefined}
        onClick={() => show('settings')}
      >
        Settings
      </button>
      <ActiveProfile />
      <ProfileSwitcher />
      <Toast />
    </nav>
  );
}
