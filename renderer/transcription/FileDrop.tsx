import { useEffect, useState } from 'react';
import { isDocumentName } from '../../shared/contract/documents';
import { AUDIO_EXTENSIONS } from '../../shared/contract/transcription';
import { useTranslation } from 'react-i18next';
import { useSizes } from './format';
import { useSettings } from '../settings';
import { useIntake } from './intake';
import { showTranscription } from './store';
import './transcription.css';

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;

/**
 * What a drag carries, by its items' types (their names stay hidden until the drop): recordings
 * (audio or video), and anything else, which the chat would take as documents.
 */
function carried(event: DragEvent): { audio: boolean; other: boolean } {
  const types = [...(event.dataTransfer?.items ?? [])].filter((item) => item.kind === 'file').map((item) => item.type);
  const media = (type: string) => type.startsWith('audio/') || type.startsWith('video/');
  // No types known (some platforms): say both, as the drop will route by name.
  return types.length === 0 ? { audio: true, other: true } : { audio: types.some(media), other: types.some((type) => !media(type)) };
}

/**
 * Files dragged over any part of the window: an overlay says what a drop will do, and the
 * drop opens the transcription screen with the files queued. Without this a dropped file
 * would replace the page.
 */
export function FileDrop({ documents, takesDocuments }: { documents?: (files: File[]) => boolean; takesDocuments?: () => boolean }) {
  // What the overlay announces: the chat's attachment for documents when one shows, transcription for the rest.
  const [dragging, setDragging] = useState<{ attach: boolean; transcribe: boolean } | null>(null);
  const pro = useSettings((s) => s.settings?.plan === 'pro');
  const { t } = useTranslation('transcription');
  const { limit } = useSizes();

  useEffect(() => {
    // dragenter/dragleave fire for every element crossed; the count tells when the window is left.
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth++;
      const { audio, other } = carried(event);
      const attach = other && (takesDocuments?.() ?? false);
      setDragging({ attach, transcribe: audio || !attach });
    };
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer!.dropEffect = 'copy';
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(null);
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setDragging(null);
      const dropped = [...(event.dataTransfer?.files ?? [])];
      // Documents go to the open chat's composer when there is one to take them; audio (and the rest) to transcription.
      const taken = dropped.some((file) => isDocumentName(file.name)) && documents?.(dropped.filter((file) => isDocumentName(file.name)));
      const files = taken ? dropped.filter((file) => !isDocumentName(file.name)) : dropped;
      if (files.length === 0) return;
      showTranscription();
      useIntake.getState().addFiles(files);
    };
    const end = () => {
      depth = 0;
      setDragging(null);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    window.addEventListener('dragend', end);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
      window.removeEventListener('dragend', end);
    };
  }, [documents, takesDocuments]);

  if (!dragging) return null;
  return (
    <div className="drop-overlay" aria-hidden="true">
      <div className="drop-overlay-box">
        {dragging.attach && (
          <>
            <p className="drop-overlay-title">{t('overlay.attachTitle')}</p>
            <p>{t('overlay.attachHint')}</p>
          </>
        )}
        {!dragging.transcribe ? null : pro ? (
          <>
            <p className="drop-overlay-title">{t('overlay.title')}</p>
            <p>{t('overlay.limits', { formats: AUDIO_EXTENSIONS.join(', '), limit })}</p>
          </>
        ) : (
          <>
            <p className="drop-overlay-title">{t('overlay.proTitle')}</p>
            <p>{t('overlay.proHint')}</p>
          </>
        )}
      </div>
    </div>
  );
}
