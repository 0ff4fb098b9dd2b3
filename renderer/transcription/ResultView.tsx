import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from '../common/problem-text';
import { useNavigation } from '../navigation';
import { prepareEditor } from '../transcript-editor';
import { TranslationsPanel } from '../translation';
import { watchPeople } from '../people';
import { CopyButton } from '../common/CopyButton';
import { askAboutTranscript } from './ask';
import { ExportPanel } from './ExportPanel';
import { FollowAlong } from './FollowAlong';
import { NotesPanel } from './NotesPanel';
import { ResultMeta } from './ResultMeta';
import { useSizes } from './format';
import { useJobs } from './jobs';
import { EditedSign } from './EditedSign';
import { DeleteTranscript } from './RecentTranscripts';
import { showTranscription, useTranscription } from './store';
import { TalkTimes } from './TalkTimes';
import { Timings } from './Timings';
import { TranscriptWarnings } from './TranscriptWarnings';

/** While the queue works on, a line about it, so opening a result never hides the progress. */
function QueueStrip() {
  const { t } = useTranslation('transcription');
  const sizes = useSizes();
  const jobs = useJobs((s) => s.jobs) ?? [];
  const running = jobs.find((j) => j.state === 'running');
  const waiting = jobs.filter((j) => j.state === 'queued').length;
  if (!running && !waiting) return null;
  const sending = running && running.totalBytes > 0 && running.sentBytes < running.totalBytes;
  return (
    <div className="queue-strip" role="status">
      <span>
        {running &&
          (sending
            ? t('result.uploadingFile', { name: running.fileName, progress: sizes.progress(running.sentBytes, running.totalBytes) })
            : t('result.transcribingFile', { name: running.fileName }))}
        {running && waiting ? ' · ' : ''}
        {waiting ? t('result.waiting', { count: waiting }) : ''}
      </span>
      <button type="button" className="link" onClick={showTranscription}>
        {t('result.showQueue')}
      </button>
    </div>
  );
}

/** One transcript: its recording to play along with, the text, timings and exports. */
export function ResultView({ id }: { id: string }) {
  const state = useTranscription((s) => s.records[id]);
  const audio = useTranscription((s) => (s.audio?.id === id ? s.audio : null));
  const original = useTranscription((s) => s.originals[id]);
  const { t } = useTranslation('transcription');
  const [showOriginal, setShowOriginal] = useState(false);
  const [askProblem, setAskProblem] = useState<{ error: unknown } | null>(null);
  const [asking, setAsking] = useState(false);
  // A citation's rows are the transcript as it now reads: its landing shows that, not the original.
  const focus = useNavigation((s) => s.rowFocus);
  useEffect(() => {
    if (focus) setShowOriginal(false);
  }, [focus]);
  // Speakers' colours and talk time's people, as main keeps them.
  useEffect(() => watchPeople(), []);
  useEffect(() => {
    setShowOriginal(false);
    setAskProblem(null);
    const { openRecord, loadAudio } = useTranscription.getState();
    void openRecord(id);
    void loadAudio(id);
  }, [id]);

  const back = (
    <button type="button" className="link back" onClick={showTranscription}>
      <span className="back-arrow">←</span> 
      {t('result.back')}
    </button>
  );

  if (!state || state.status === 'missing') {
    return (
      <main className="screen transcription" aria-labelledby="result-heading">
        {back}
        <h1 id="result-heading">{t('result.heading')}</h1>
        {state ? (
          <div className="notice error" role="alert">
            <p>{problemText(state.error)}</p>
          </div>
        ) : (
          <p className="hint">{t('result.loading')}</p>
        )}
      </main>
    );
  }

  const { record } = state;
  const showingOriginal = showOriginal && record.edits !== null;
  const shown = showingOriginal && original?.status === 'ready' ? original.transcript : showingOriginal ? null : record.transcript;
  const toggleOriginal = (show: boolean) => {
    setShowOriginal(show);
    if (show) void useTranscription.getState().loadOriginal(record.id);
  };
  const ask = () => {
    setAsking(true);
    return askAboutTranscript(record.id)
      .then(
        () => setAskProblem(null),
        (error: unknown) => setAskProblem({ error }),
      )
      .finally(() => setAsking(false));
  };
  return (
    <main className="screen transcription result" aria-labelledby="result-heading">
      {back}
      <QueueStrip />
      <header className="result-header">
        <h1 id="result-heading" title={record.fileName} translate="no" dir="auto">
          {record.fileName}
        </h1>
        <ResultMeta record={record} />
        <div className="actions">
          <button
            type="button"
            className="small"
            onClick={() => {
              // Main is asked for the editor's document now, and answers while this view is taken down.
              prepareEditor(record.id);
              useNavigation.getState().editTranscript(record.id);
            }}
          >
            {t('result.edit')}
          </button>
          <CopyButton label={t('result.copy')} text={() => record.transcript.text} />
          {/* One chat per click: a second click while main starts it would start another. */}
          <button type="button" className="small" disabled={asking} onClick={() => void ask()}>
            {t('result.ask')}
          </button>
          <DeleteTranscript id={record.id} fileName={record.fileName} onDeleted={showTranscription} />
        </div>
      </header>
      {askProblem && (
        <div className="notice error" role="alert">
          <p>{t('result.askFailed', { problem: problemText(askProblem.error) })}</p>
        </div>
      )}
      {record.edits && <EditedSign showingOriginal={showingOriginal} original={original} onShowOriginal={toggleOriginal} />}
      <TranscriptWarnings transcript={record.transcript} />
      {shown && (
        <>
          <FollowAlong
            key={showingOriginal ? 'original' : 'current'}
            transcript={shown}
            speakers={showingOriginal ? undefined : record.edits?.speakers}
            audio={audio}
            rows={showingOriginal ? null : record.rows}
            // The original is main's reading of the unedited rows too: the service's text, as written.
            asWritten={record.edits === null || showingOriginal}
            focus={showingOriginal ? null : focus}
          />
          {!showingOriginal && <TalkTimes record={record} />}
          <Timings transcript={shown} />
        </>
      )}
      {(record.edits === null || showingOriginal) && (shown?.format === 'srt' || shown?.format === 'vtt') && (
        <details className="raw">
          <summary>{t('result.raw', { format: shown.format.toUpperCase() })}</summary>
          <pre dir="ltr" translate="no">
            {shown.raw}
          </pre>
        </details>
      )}
      <NotesPanel key={`notes-${record.id}`} transcriptId={record.id} />
      <TranslationsPanel key={`translations-${record.id}`} transcriptId={record.id} />
      <ExportPanel key={record.id} record={record} />
    </main>
  );
}
