import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatScreen, attachDroppedDocuments, chatTakesDocuments, useChat, watchConversations } from '../chat';
import { useNavigation } from '../navigation';
import { Announcer } from '../common/announcer';
import { problemText } from '../common/problem-text';
import { BackupsSection } from '../history';
import { PeopleScreen } from '../people';
import { RecorderScreen, RecoveredNotice, watchRecording } from '../recording';
import { SettingsScreen, useSettings, watchSettings } from '../settings';
import { TranscriptEditorScreen, watchEditor } from '../transcript-editor';
import { translationsChanged } from '../translation';
import { FileDrop, IntakeToast, TranscriptionScreen, transcriptChanged, transcriptDeleted, watchTranscriptionQueue } from '../transcription';
import { Sidebar } from './Sidebar';
import { watchDesktop } from './desktop-events';
import { useAppIntents } from './useAppIntents';
import { useLanguage } from './useLanguage';
import { useShortcuts } from './useShortcuts';
import { useTheme } from './useTheme';

export function App() {
  const load = useSettings((state) => state.load);
  const loaded = useSettings((state) => state.settings !== null);
  const view = useNavigation((state) => state.view);
  const transcriptId = useNavigation((state) => state.transcriptId);
  useTheme();
  useLanguage();
  useShortcuts();
  useAppIntents();
  useEffect(() => {
    void load();
    void useChat.getState().hydrate();
  }, [load]);
  useEffect(watchSettings, []);
  useEffect(watchConversations, []);
  useEffect(watchDesktop, []);
  useEffect(watchTranscriptionQueue, []);
  useEffect(watchRecording, []);
  useEffect(() => watchEditor({ changed: (id) => (transcriptChanged(id), translationsChanged(id)), deleted: transcriptDeleted }), []);

  return (
    <div className="app">
      <Sidebar />
      {!loaded ? (
        <LoadingOrError />
      ) : view === 'settings' ? (
        <SettingsScreen>
          <BackupsSection />
        </SettingsScreen>
      ) : view === 'transcript-editor' && transcriptId ? (
        <TranscriptEditorScreen id={transcriptId} />
      ) : view === 'transcription' ? (
        <TranscriptionScreen />
      ) : view === 'people' ? (
        <PeopleScreen />
      ) : view === 'recording' ? (
        <RecorderScreen />
      ) : (
        <ChatScreen />
      )}
      <FileDrop documents={attachDroppedDocuments} takesDocuments={chatTakesDocuments} />
      {/* Feedback where the eye is, over whichever screen is open: what happened away from the view. */}
      <div className="over-panes">
        <RecoveredNotice />
        <IntakeToast />
      </div>
      <Announcer />
    </div>
  );
}

function LoadingOrError() {
  const { t } = useTranslation('common');
  const error = useSettings((state) => state.error);
  return (
    <main className="screen">
      {error ? (
        <div className="notice error" role="alert">
          <p className="notice-title">{t('app.couldNotStart')}</p>
          <p>{problemText(error)}</p>
        </div>
      ) : (
        <p className="hint">{t('app.loading')}</p>
      )}
    </main>
  );
}
