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
 * Files dragged over any part of the window: an overlay says what a drop will do, and the
 * drop opens the transcription screen with the files queued. Without this a dropped file
 * would replace the page.
 */
export function FileDrop({ documents }: { documents?: (files: File[]) => boolean }) {
  const [dragging, setDragging] = useState(false);
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
      setDragging(true);
    };
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer!.dropEffect = 'copy';
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
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
      setDragging(false);
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
  }, [documents]);

  if (!dragging) return null;
  return (
    <div className="drop-overlay" aria-hidden="true">
      <div className="drop-overlay-box">
        {pro ? (
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
