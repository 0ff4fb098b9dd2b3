import { useEffect, useState } from 'react';
import type { TranscriptReading } from '../../shared/contract/transcription';
import { useNavigation } from '../navigation';
import { CopyButton } from '../common/CopyButton';
import { askAboutTranscript } from './ask';
import { ExportPanel } from './ExportPanel';
import { FollowAlong } from './FollowAlong';
import { ResultMeta } from './ResultMeta';
import { formatClock, formatProgress } from './format';
import { useJobs } from './jobs';
import { EditedSign } from './EditedSign';
import { DeleteTranscript } from './RecentTranscripts';
import { showTranscription, useTranscription } from './store';
import { Timings } from './Timings';
import { errorText } from '../../shared/domain/error-text';

/** While the queue works on, a line about it, so opening a result never hides the progress. */
function QueueStrip() {
  const jobs = useJobs((s) => s.jobs) ?? [];
  const running = jobs.find((j) => j.state === 'running');
  const waiting = jobs.filter((j) => j.state === 'queued').length;
  if (!running && !waiting) return null;
  const sending = running && running.totalBytes > 0 && running.sentBytes < running.totalBytes;
  return (
    <div className="queue-strip" role="status">
      <span>
        {running && (sending ? `Uploading ${running.fileName}: ${formatProgress(running.sentBytes, running.totalBytes)}` : `Transcribing ${running.fileName}…`)}
        {running && waiting ? ' · ' : ''}
        {waiting ? `${waiting} more waiting` : ''}
      </span>
      <button type="button" className="link" onClick={showTranscription}>
        Show the queue
      </button>
    </div>
  );
}

/** Stretches whose result still looked wrong when it was kept (a part that looped, say). */
function Warnings({ record }: { record: TranscriptReading }) {
  const warnings = record.transcript.warnings ?? [];
  if (!warnings.length) return null;
  return (
    <div className="notice warning" role="note" aria-label="Parts that may be wrong">
      {warnings.map((w) => (
        <p key={w.start}>
          {formatClock(w.start)}–{formatClock(w.end)}: {w.message}
        </p>
      ))}
    </div>
  );
}

/** One transcript: its recording to play along with, the text, timings and exports. */
export function ResultView({ id }: { id: string }) {
  const state = useTranscription((s) => s.records[id]);
  const audio = useTranscription((s) => (s.audio?.id === id ? s.audio : null));
  const original = useTranscription((s) => s.originals[id]);
  const [showOriginal, setShowOriginal] = useState(false);
  const [askProblem, setAskProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    setShowOriginal(false);
    setAskProblem(null);
    const { openRecord, loadAudio } = useTranscription.getState();
    void openRecord(id);
    void loadAudio(id);
  }, [id]);

  const back = (
    <button type="button" className="link back" onClick={showTranscription}>
      ← Transcribe
    </button>
  );

  if (!state || state.status === 'missing') {
    return (
      <main className="screen transcription" aria-labelledby="result-heading">
        {back}
        <h1 id="result-heading">Transcript</h1>
        {state ? (
          <div className="notice error" role="alert">
            <p>{state.problem}</p>
          </div>
        ) : (
          <p className="hint">Loading…</p>
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
        (error: unknown) => setAskProblem(`The chat could not be started: ${errorText(error)}`),
      )
      .finally(() => setAsking(false));
  };
  return (
    <main className="screen transcription result" aria-labelledby="result-heading">
      {back}
      <QueueStrip />
      <header className="result-header">
        <h1 id="result-heading" title={record.fileName}>
          {record.fileName}
        </h1>
        <ResultMeta record={record} />
        <div className="actions">
          <button type="button" className="small" onClick={() => useNavigation.getState().editTranscript(record.id)}>
            Edit transcript
          </button>
          <CopyButton label="Copy text" text={() => record.transcript.text} />
          {/* One chat per click: a second click while main starts it would start another. */}
          <button type="button" className="small" disabled={asking} onClick={() => void ask()}>
            Ask about this transcript
          </button>
          <DeleteTranscript id={record.id} fileName={record.fileName} onDeleted={showTranscription} />
        </div>
      </header>
      {askProblem && (
        <div className="notice error" role="alert">
          <p>{askProblem}</p>
        </div>
      )}
      {record.edits && <EditedSign showingOriginal={showingOriginal} original={original} onShowOriginal={toggleOriginal} />}
      <Warnings record={record} />
      {shown && (
        <>
          <FollowAlong key={showingOriginal ? 'original' : 'current'} transcript={shown} speakers={showingOriginal ? undefined : record.edits?.speakers} audio={audio} />
          <Timings transcript={shown} />
        </>
      )}
      {(record.edits === null || showingOriginal) && (shown?.format === 'srt' || shown?.format === 'vtt') && (
        <details className="raw">
          <summary>The {shown.format.toUpperCase()} as returned</summary>
          <pre>{shown.raw}</pre>
        </details>
      )}
      <ExportPanel key={record.id} record={record} />
    </main>
  );
}
