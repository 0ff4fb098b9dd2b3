import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_UPLOAD_BYTES } from '../../shared/contract/transcription';
import { MB } from '../../shared/domain/sizes';
import { useFormats } from '../i18n';
import { formatClock } from '../common/timecode';

/** The service's limit in whole megabytes: 25. */
export const MAX_UPLOAD_MB = Math.round(MAX_UPLOAD_BYTES / MB);

export { formatClock };

/** 0:07.25: a word's time, to the hundredth. */
export function formatPrecise(seconds: number): string {
  const safe = Math.max(0, seconds);
  const hundredths = Math.round((safe % 1) * 100);
  return `${formatClock(safe)}.${String(Math.min(99, hundredths)).padStart(2, '0')}`;
}

/**
 * Sizes in the UI language: megabytes with one decimal from a tenth of one (the unit the
 * service's limit is given in), smaller files in kilobytes or bytes; progress in the total's unit.
 */
export function useSizes() {
  const { t, i18n } = useTranslation('transcription');
  const { size, fileSize: of } = useFormats();
  return useMemo(() => {
    const whole = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'megabyte' });
    return {
      of,
      /** "1.2 MB of 3.4 MB": both in the total's unit, so they compare at a glance. */
      progress: (done: number, total: number) =>
        t('size.progress', total >= MB / 10 ? { done: size(done), total: size(total) } : { done: of(done), total: of(total) }),
      /** The upload limit, "25 MB". */
      limit: whole.format(MAX_UPLOAD_MB),
    };
  }, [t, i18n.language, size, of]);
}
