import type { Recording } from '../../shared/contract/recording';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UnsavedSettingsNotice, useSettings } from '../settings';
import { CurrentOptions } from '../transcription';
import { Banners } from './Banners';
import { Controls } from './Controls';
import { LiveTranscript } from './LiveTranscript';
import { NamePrompt, useAsksName } from './NamePrompt';
import { NotesPad } from './NotesPad';
import { Sources } from './Sources';
import { useRecorder } from './store';
import { WaitingList } from './WaitingList';
import { WhoSpoke } from './WhoSpoke';
import './recording.css';

// One empty list: a selector answering a new [] each time would re-render without end until main's watch answers.
const NONE_WAITING: Recording[] = [];

/** Record a meeting: what to record, the running recording's controls, what waits for a decision, and the options it is transcribed with. */
export function RecorderScreen() {
  const { t } = useTranslation('recording');
  const active = useRecorder((s) => s.event?.active ?? null);
  const waiting = useRecorder((s) => s.event?.waiting ?? NONE_WAITING);
  const running = active !== null && (active.state === 'recording' || active.state === 'paused');
  const asksName = useAsksName();
  // Captions are a Pro feature, as transcription is.
  const pro = useSettings((s) => s.settings?.plan === 'pro');
  const [answered, setAnswered] = useState(false);

  return (
    <main className="screen recorder" aria-labelledby="recorder-heading">
      <h1 id="recorder-heading">{t('screen.heading')}</h1>
      <p className="hint rec-intro">{t('screen.intro')}</p>
      <Banners recording={running ? active : null} />
      <UnsavedSettingsNotice />
      <div className="rec-layout">
        {!running && <WhoSpoke />}
        {running ? <Controls recording={active} /> : asksName && !answered ? <NamePrompt onDone={() => setAnswered(true)} /> : <Sources captions={pro} />}
        {running && (
          // Side by side where the window is wide enough: the words heard, and the user's own.
          <div className="rec-writing">
            {pro && <LiveTranscript recordingId={active.id} />}
            <NotesPad recordingId={active.id} />
          </div>
        )}
        {waiting.length > 0 && <WaitingList recordings={waiting} />}
        {/* On Pro a running recording's parts are already on their way with these options (main's live parts). */}
        <CurrentOptions intro={t(running && pro ? 'options.noteWhileSending' : 'options.note')} />
      </div>
    </main>
  );
}
