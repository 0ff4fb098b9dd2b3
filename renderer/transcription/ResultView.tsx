import { useEffect } from 'react';
import type { TranscriptRecord } from '../../shared/contract/transcription';
import { useNavigation } from '../chat';
import { CopyButton } from '../common/CopyButton';
import { askAboutTranscript } from './ask';
import { ExportPanel } from './ExportPanel';
import { FollowAlong } from './FollowAlong';
import { ResultMeta } from './ResultMeta';
import { formatClock, formatProgress } from './format';
import { useJobs } from './jobs';
import { DeleteTranscript } from './RecentTranscripts';
import { showTranscription, useTranscription } from './store';
import { Timings } from './Timings';

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
function Warnings({ record }: { record: TranscriptRecord }) {
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
  useEffect(() => {
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
          <button type="button" className="small" onClick={() => askAboutTranscript(record)}>
            Ask about this transcript
          </button>
          <DeleteTranscript id={record.id} fileName={record.fileName} onDeleted={showTranscription} />
        </div>
      </header>
      <Warnings record={record} />
      <FollowAlong transcript={record.transcript} audio={audio} />
      <Timings transcript={record.transcript} />
      {(record.transcript.format === 'srt' || record.transcript.format === 'vtt') && (
        <details className="raw">
          <summary>The {record.transcript.format.toUpperCase()} as returned</summary>
          <pre>{record.transcript.raw}</pre>
        </details>
      )}
      <ExportPanel key={record.id} record={record} />
    </main>
  );
}
