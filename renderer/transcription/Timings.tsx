import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Transcript } from '../../shared/domain/transcript';
import { useFormats } from '../i18n';
import { formatPrecise } from './format';

/** Every segment and word with its times; the tables are built only when opened (there may be thousands). */
export function Timings({ transcript }: { transcript: Transcript }) {
  const { t } = useTranslation('transcription');
  const { list } = useFormats();
  const [open, setOpen] = useState(false);
  const { segments, words } = transcript;
  if (!segments.length && !words.length) return null;
  const counts = [
    ...(segments.length ? [t('timings.segmentCount', { count: segments.length })] : []),
    ...(words.length ? [t('timings.wordCount', { count: words.length })] : []),
  ];
  return (
    <details className="timings" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('timings.summary', { counts: list(counts) })}</summary>
      {open && (
        <div className="timings-tables">
          {segments.length > 0 && (
            <table>
              <caption>{t('timings.segments')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('timings.start')}</th>
                  <th scope="col">{t('timings.end')}</th>
                  <th scope="col">{t('timings.text')}</th>
                </tr>
              </thead>
              <tbody>
                {segments.map((segment, i) => (
                  <tr key={i}>
                    <td className="mono" dir="ltr">
                      {formatPrecise(segment.start)}
                    </td>
                    <td className="mono" dir="ltr">
                      {formatPrecise(segment.end)}
                    </td>
                    <td translate="no" dir="auto">
                      {segment.text}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {words.length > 0 && (
            <table>
              <caption>{t('timings.words')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('timings.word')}</th>
                  <th scope="col">{t('timings.start')}</th>
                  <th scope="col">{t('timings.end')}</th>
                </tr>
              </thead>
              <tbody>
                {words.map((word, i) => (
                  <tr key={i}>
                    <td translate="no" dir="auto">
                      {word.word}
                    </td>
                    <td className="mono" dir="ltr">
                      {formatPrecise(word.start)}
                    </td>
                    <td className="mono" dir="ltr">
                      {formatPrecise(word.end)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </details>
  );
}
