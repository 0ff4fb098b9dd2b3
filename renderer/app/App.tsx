import { useEffect } from 'react';
import { ChatScreen, useChat, watchConversations, useNavigation } from '../chat';
import { SettingsScreen, useSettings } from '../settings';
import { FileDrop, TranscriptionScreen, watchTranscriptionQueue } from '../transcription';
import { Sidebar } from './Sidebar';
import { useShortcuts } from './useShortcuts';
import { useTheme } from './useTheme';

export function App() {
  const load = useSettings((state) => state.load);
  const loaded = useSettings((state) => state.settings !== null);
  const view = useNavigation((state) => state.view);
  useTheme();
  useShortcuts();
  useEffect(() => {
    void load();
    void useChat.getState().hydrate();
  }, [load]);
  useEffect(watchConversations, []);
  useEffect(watchTranscriptionQueue, []);

  return (
    <div className="app">
      <Sidebar />
      {!loaded ? (
        <LoadingOrError />
      ) : view === 'settings' ? (
        <SettingsScreen />
      ) : view === 'transcription' ? (
        <TranscriptionScreen />
      ) : (
        <ChatScreen />
      )}
      <FileDrop />
    </div>
  );
}

function LoadingOrError() {
  const error = useSettings((state) => state.error);
  return (
    <main className="screen">
      {error ? (
        <div className="notice error" role="alert">
          <p className="notice-title">Confab could not start</p>
          <p>{error}</p>
        </div>
      ) : (
        <p className="hint">Loading…</p>
      )}
    </main>
  );
}
