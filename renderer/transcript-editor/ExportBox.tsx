import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorExportFormat } from '../../shared/contract/transcriptEditor';
import { useSaving } from '../common/use-saving';
import { exportEdited, useEditor } from './store';

// Format names are names, the same in every language; the two that are words are translated.
const FORMATS: ReadonlyArray<{ format: EditorExportFormat; name?: string; label?: 'export.text' | 'export.word'; timed: boolean }> = [
  { format: 'srt', name: 'SRT', timed: true },
  { format: 'vtt', name: 'VTT', timed: true },
  { format: 'txt', label: 'export.text', timed: false },
  { format: 'md', name: 'Markdown', timed: false },
  { format: 'docx', label: 'export.word', timed: false },
  { format: 'json', name: 'JSON', timed: false },
];

/** Saves the edited transcript through main (a save dialog in Electron, a download here). */
export function ExportBox() {
  const { t } = useTranslation('editor');
  const id = useEditor((view) => view.id);
  const hasTimings = useEditor((view) => view.hasTimings);
  const [speakerPrefix, setSpeakerPrefix] = useState(true);
  const [timestamps, setTimestamps] = useState(false);
  const { busy, outcome, save: saving } = useSaving<EditorExportFormat>();

  function save(format: EditorExportFormat) {
    if (!id) return;
    return saving(format, () => exportEdited(id, format, { speakerPrefix, timestamps }));
  }

  return (
    <details className="ed-panel">
      <summary>{t('export.heading')}</summary>
      <div className="ed-export">
        {FORMATS.map(({ format, name, label, timed }) => (
          <button
            key={format}
            type="button"
            className="small secondary"
            translate={name ? 'no' : undefined}
            disabled={busy !== null || (timed && !hasTimings)}
            onClick={() => void save(format)}
          >
            {label ? t(label) : name}
          </button>
        ))}
      </div>
      {hasTimings ? (
        <p className="hint">{t('export.timedHint')}</p>
      ) : (
        <p className="hint">{t('export.untimedHint')}</p>
      )}
      <label className="ed-check">
        <input type="checkbox" checked={speakerPrefix} onChange={(event) => setSpeakerPrefix(event.target.checked)} /> {t('export.speakerPrefix')}
      </label>
      <label className="ed-check">
        <input type="checkbox" checked={timestamps} onChange={(event) => setTimestamps(event.target.checked)} /> {t('export.timestamps')}
      </label>
      {outcome && (
        <p className={outcome.ok ? 'hint' : 'notice error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      )}
    </details>
  );
}
