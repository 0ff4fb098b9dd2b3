import { useEffect, useRef } from 'react';
import { AUDIO_EXTENSIONS } from '../../shared/contract/transcription';
import { useTranslation } from 'react-i18next';
import { useNavigation } from '../navigation';
import { useSizes } from './format';
import { useIntake } from './intake';

/** What the file picker offers; main still decides by content, so anything else gets a reason. */
export const ACCEPT = ['audio/*', 'video/mp4', 'video/mpeg', 'video/webm', ...AUDIO_EXTENSIONS.map((e) => `.${e}`)].join(',');

const FORMATS = AUDIO_EXTENSIONS.join(', ');

/**
 * The welcome and the way in: drop recordings anywhere on the window (see FileDrop), or
 * choose them. Compact once files are queued, so the queue stays in view.
 */
export function DropZone({ disabled, compact }: { disabled: boolean; compact: boolean }) {
  const addFiles = useIntake((s) => s.addFiles);
  const { t } = useTranslation('transcription');
  const { limit } = useSizes();
  const input = useRef<HTMLInputElement>(null);
  const pickerAsked = useNavigation((s) => s.recordingPicker);
  useEffect(() => {
    if (!pickerAsked) return;
    // Answered once: the picker opens now (the shortcut's gesture still counts for a few seconds),
    // or, on Free, stays shut while the screen says why.
    useNavigation.setState({ recordingPicker: false });
    if (!disabled) input.current?.click();
  }, [pickerAsked, disabled]);
  return (
    <section className={`drop-zone${compact ? ' compact' : ''}`} aria-labelledby="drop-heading" aria-disabled={disabled || undefined}>
      <div className="drop-icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
          <path d="M12 3v12" />
          <path d="m7 10 5 5 5-5" />
          <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
        </svg>
      </div>
      <div className="drop-text">
        <h2 id="drop-heading">{compact ? t('drop.headingMore') : t('drop.heading')}</h2>
        {!compact && (
          <p>{t('drop.intro')}</p>
        )}
        <p className="hint">{compact ? t('drop.limitsShort', { formats: FORMATS, limit }) : t('drop.limits', { formats: FORMATS, limit })}</p>
      </div>
      <label className={`file-button${disabled ? ' disabled' : ''}`}>
        <input
          ref={input}
          type="file"
          className="visually-hidden"
          multiple
          accept={ACCEPT}
          disabled={disabled}
          onChange={(event) => {
            addFiles([...(event.target.files ?? [])]);
            // Choosing the same file again should add it again.
            event.target.value = '';
          }}
        />
        {t('drop.choose')}
      </label>
    </section>
  );
}
