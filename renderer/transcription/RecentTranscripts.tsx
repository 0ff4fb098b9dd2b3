import { useEffect, useRef, useState } from 'react';
import type { TranscriptSummary } from '../../shared/contract/transcription';
import { useNavigation } from '../navigation';
import { formatDate, formatDuration } from './format';
import { useListJump } from './list-jump';
import { useTranscription } from './store';

/** Delete, after a confirmation: the transcript and its audio go for good. */
export function DeleteTranscript({ id, fileName, onDeleted }: { id: string; fileName: string; onDeleted?(): void }) {
  const [confirming, setConfirming] = useState(false);
  const deleteTranscript = useTranscription((s) => s.deleteTranscript);
  if (!confirming) {
    return (
      <button type="button" className="small secondary" aria-label={`Delete ${fileName}`} onClick={() => setConfirming(true)}>
        Delete
      </button>
    );
  }
  return (
    <span className="confirm-inline" role="group" aria-label={`Delete ${fileName}?`}>
      <span>Delete the transcript and its audio?</span>
      <button
        type="button"
        className="small danger"
        onClick={async () => {
          if (await deleteTranscript(id)) onDeleted?.();
          else setConfirming(false);
        }}
      >
        Yes, delete
      </button>
      <button type="button" className="small secondary" onClick={() => setConfirming(false)}>
        Keep
      </button>
    </span>
  );
}

function Item({ summary }: { summary: TranscriptSummary }) {
  const openTranscript = useNavigation((s) => s.openTranscript);
  return (
    <li className="recent-item">
      <div className="recent-line">
        <button type="button" className="link recent-open" title={summary.fileName} onClick={() => openTranscript(summary.id)}>
          {summary.fileName}
        </button>
        <span className="recent-meta">
          {formatDate(summary.createdAt)}
          {summary.duration !== null && ` · ${formatDuration(summary.duration)}`}
        </span>
        <DeleteTranscript id={summary.id} fileName={summary.fileName} />
      </div>
      {summary.preview && (
        <p className="recent-preview" title={summary.preview}>
          {summary.preview}
        </p>
      )}
    </li>
  );
}

/** The transcripts kept in the history, newest first. */
export function RecentTranscripts() {
  const list = useTranscription((s) => s.list);
  const error = useTranscription((s) => s.listError);
  const asked = useListJump((s) => s.asked);
  const heading = useRef<HTMLHeadingElement>(null);
  // Asked for from the sidebar: the list comes into view and takes the focus, so a keyboard
  // or screen reader user lands where a sighted one looks.
  useEffect(() => {
    if (asked === 0) return;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus();
  }, [asked]);
  return (
    <section className="recent" aria-labelledby="recent-heading">
      <h2 id="recent-heading" ref={heading} tabIndex={-1}>
        Recent transcripts
      </h2>
      {error && (
        <div className="notice error" role="alert">
          <p>{error}</p>
        </div>
      )}
      {list === null ? (
        !error && <p className="hint">Loading…</p>
      ) : list.length === 0 ? (
        <p className="hint">Transcripts you make are kept here with their audio, to play, export as subtitles or ask about.</p>
      ) : (
        <ul className="recent-list" aria-labelledby="recent-heading">
          {list.map((summary) => (
            <Item key={summary.id} summary={summary} />
          ))}
        </ul>
      )}
    </section>
  );
}
