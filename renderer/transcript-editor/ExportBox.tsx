import { useState } from 'react';
import type { EditorExportFormat } from '../../shared/contract/transcriptEditor';
import { useSaving } from '../common/use-saving';
import { exportEdited, useEditor } from './store';

const FORMATS: ReadonlyArray<{ format: EditorExportFormat; label: string; timed: boolean }> = [
  { format: 'srt', label: 'SRT', timed: true },
  { format: 'vtt', label: 'VTT', timed: true },
  { format: 'txt', label: 'Text', timed: false },
  { format: 'md', label: 'Markdown', timed: false },
  { format: 'docx', label: 'Word (DOCX)', timed: false },
  { format: 'json', label: 'JSON', timed: false },
];

/** Saves the edited transcript through main (a save dialog in Electron, a download here). */
export function ExportBox() {
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
      <summary>Export the edited transcript</summary>
      <div className="ed-export">
        {FORMATS.map(({ format, label, timed }) => (
          <button key={format} type="button" className="small secondary" disabled={busy !== null || (timed && !hasTimings)} onClick={() => void save(format)}>
            {label}
          </button>
        ))}
      </div>
      {hasTimings ? (
        <p className="hint">SRT and VTT cut the rows into cues by your subtitle rules (a transcript's Export, Subtitle rules).</p>
      ) : (
        <p className="hint">SRT and VTT need word timings, which this transcript does not have: transcribe it again with word timings for subtitles.</p>
      )}
      <label className="ed-check">
        <input type="checkbox" checked={speakerPrefix} onChange={(event) => setSpeakerPrefix(event.target.checked)} /> Speaker names in SRT ("Name: ")
      </label>
      <label className="ed-check">
        <input type="checkbox" checked={timestamps} onChange={(event) => setTimestamps(event.target.checked)} /> Timestamps in Text, Markdown and Word
      </label>
      {outcome && (
        <p className={outcome.ok ? 'hint' : 'notice error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      )}
    </details>
  );
}
