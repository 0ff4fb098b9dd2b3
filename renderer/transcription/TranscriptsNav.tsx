import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../i18n';
import { useNavigation } from '../navigation';
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
  const { t } = useTranslation('transcription');
  const { dateTime, number } = useFormats();
  useEffect(() => {
    void useTranscription.getState().loadList();
  }, []);

  if (recent.length === 0) return null;
  return (
    <div className="transcripts-nav">
      <h2 className="sidebar-heading" id="transcripts-heading">
        {t('nav.heading')}
      </h2>
      <ul className="transcripts-list" aria-labelledby="transcripts-heading">
        {recent.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className="nav-item"
              title={t('nav.item', { name: item.fileName, date: dateTime(item.createdAt) })}
              aria-current={view === 'transcription' && current === item.id ? 'page' : undefined}
              translate="no"
              dir="auto"
              onClick={() => openTranscript(item.id)}
            >
              {item.fileName}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="nav-item all-transcripts" onClick={showTranscripts}>
        {t('nav.all', { total: number(list!.length) })}
      </button>
    </div>
  );
}

/** The sidebar's way to the Transcribe screen: recordings in, the queue, every transcript. */
export function TranscribeLink({ folded = false }: { folded?: boolean }) {
  const view = useNavigation((s) => s.view);
  const current = useNavigation((s) => s.transcriptId);
  const { t } = useTranslation('transcription');
  return (
    <button
      type="button"
      className="nav-item transcribe-link"
      aria-current={view === 'transcription' && current === null ? 'page' : undefined}
      // Folded to an icon, the sidebar shows no words: the name comes on hover.
      title={folded ? t('nav.transcribe') : undefined}
      onClick={showTranscription}
    >
      {t('nav.transcribe')}
      <span className="badge pro-badge" aria-hidden="true">
        {t('nav.pro')}
      </span>
    </button>
  );
}
