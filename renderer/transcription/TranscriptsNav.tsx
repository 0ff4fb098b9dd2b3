import { useEffect } from 'react';
import { useNavigation } from '../chat';
import { formatDate } from './format';
import { showTranscription, useTranscription } from './store';
import './transcription.css';

const SHOWN = 3;

/** The sidebar's way to transcription: the newest transcripts and the Transcribe screen. */
export function TranscriptsNav() {
  const view = useNavigation((s) => s.view);
  const current = useNavigation((s) => s.transcriptId);
  const openTranscript = useNavigation((s) => s.openTranscript);
  const recent = useTranscription((s) => s.list)?.slice(0, SHOWN) ?? [];
  useEffect(() => {
    void useTranscription.getState().loadList();
  }, []);

  return (
    <div className="transcripts-nav">
      {recent.length > 0 && (
        <>
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
        </>
      )}
      <button
        type="button"
        className="nav-item transcribe-link"
        aria-current={view === 'transcription' && current === null ? 'page' : undefined}
        onClick={showTranscription}
      >
        Transcribe
        <span className="badge" aria-hidden="true">
          Pro
        </span>
      </button>
    </div>
  );
}
