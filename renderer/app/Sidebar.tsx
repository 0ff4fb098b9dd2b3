import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { startChat } from '../chat';
import { Keys } from '../common/Keys';
import { SHORTCUTS } from '../common/shortcuts';
import { ConversationList, SearchBox, SearchResults, Toast, TransferActions, useHistory } from '../history';
import { TranscribeLink, TranscriptsNav } from '../transcription';
import { useNavigation } from '../navigation';
import { RecordLink } from '../recording';
import { ActiveProfile, ProfileSwitcher } from '../settings';
import { SidebarEdge } from './SidebarEdge';
import { useSidebarPrefs } from './sidebar-prefs';

/**
 * New chat, search, the saved conversations (or the search's hits), transcription, People, Settings
 * and the active profile; folded to icons at the user's wish, and as wide as dragged on a wide window.
 */
export function Sidebar() {
  const { t } = useTranslation('common');
  const view = useNavigation((s) => s.view);
  const { show } = useNavigation.getState();
  const searching = useHistory((s) => s.query.trim() !== '');
  const { collapsed, width, toggle } = useSidebarPrefs();

  return (
    <nav
      className={collapsed ? 'sidebar collapsed' : 'sidebar'}
      aria-label={t('sidebar.sections')}
      style={width === null || collapsed ? undefined : ({ '--sidebar-chosen': `${width}px` } as CSSProperties)}
    >
      <div className="sidebar-top">
        <div className="brand" aria-hidden="true">
          {t('app.title')}
        </div>
        <button type="button" className="sidebar-fold" aria-expanded={!collapsed} title={t(collapsed ? 'sidebar.expand' : 'sidebar.collapse')} onClick={toggle}>
          <span className="visually-hidden">{t(collapsed ? 'sidebar.expand' : 'sidebar.collapse')}</span>
        </button>
      </div>
      <button
        type="button"
        className="new-chat"
        title={t('sidebar.newChatTitle', { shortcut: SHORTCUTS.newChat.label })}
        aria-keyshortcuts={SHORTCUTS.newChat.aria}
        onClick={startChat}
      >
        {/* The label in its own element, apart from the keys, which are names and never translated. */}
        <span>{t('sidebar.newChat')}</span> <Keys label={SHORTCUTS.newChat.label} />
      </button>
      <SearchBox />
      <div className="sidebar-pane">
        {/* The chats (or hits) and their import and export scroll; the transcripts below stay whole. */}
        <div className="sidebar-lists">
          {searching ? <SearchResults /> : <ConversationList />}
          <TransferActions />
        </div>
        <TranscriptsNav />
      </div>
      <div className="sidebar-foot">
        <TranscribeLink folded={collapsed} />
        <RecordLink folded={collapsed} />
        <button
          type="button"
          className="nav-item people-link"
          aria-current={view === 'people' ? 'page' : undefined}
          title={collapsed ? t('sidebar.people') : undefined}
          onClick={() => show('people')}
        >
          {t('sidebar.people')}
        </button>
        <button
          type="button"
          className="nav-item"
          aria-current={view === 'settings' ? 'page' : undefined}
          title={collapsed ? t('sidebar.settings') : undefined}
          onClick={() => show('settings')}
        >
          {t('sidebar.settings')}
        </button>
        <ActiveProfile />
      </div>
      <ProfileSwitcher />
      <Toast />
      {!collapsed && <SidebarEdge />}
    </nav>
  );
}
