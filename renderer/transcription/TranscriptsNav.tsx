import { useEffect } from 'react';
import { useNavigation } from '../navigation';
import { formatDate } from './format';
import { showTranscripts } from './list-jump';
import { showTranscription, useTranscription } from './store';
import './transcription.css';

const SHOWN = 3;

/** The sidebar's newest transcripts, and the way to all of them (the list on Transcribe). */
export function TranscriptsNav() {
  const view = useNavigation((s) => s.view);
  const current = useNavigation((s) => s.transcriptId);
  const openTranscript = useNavigation((s) => s.openTranscript);
  const list = useTranscription((s) => s.list);
  const recent = list?.slice(0, SHOWN) ?? [];
  useEffect(() => {
    void useTranscription.getState().loadList();
  }, []);

  if (recent.length === 0) return null;
  return (
    <div className="transcripts-nav">
      <h2 className="sidebar-heading" id="transcripts-heading">
        Transcripts
      </h2>
      <ul className="transcripts-list" aria-labelledby="transcripts-heading">
        {recent.map((t) => (
          <li key={t.id}>
            <button
              type="button"
              className="nav-item"
              title={`${t.fileName}, ${formatDate(t.createdAt)}`}
              aria-current={view === 'transcription' && current === t.id ? 'page' : undefined}
              onClick={() => openTranscript(t.id)}
            >
              {t.fileName}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="nav-item all-transcripts" onClick={showTranscripts}>
        All transcripts ({list!.length})
      </button>
    </div>
  );
}

/** The sidebar's way to the Transcribe screen: recordings in, the queue, every transcript. */
export function TranscribeLink() {
  const view = useNavigation((s) => s.view);
  const current = useNavigation((s) => s.transcriptId);
  return (
    <button
      type="button"
      className="nav-item transcribe-link"
      aria-current={view === 'transcription' && current === null ? 'page' : undefined}
      onClick={showTranscription}
    >
      Transcribe
      <span className="badge pro-badge" aria-hidden="true">
        Pro
      </span>
    </button>
  );
}
