import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TalkTime } from '../../shared/contract/transcriptEditor';
import type { TranscriptReading } from '../../shared/contract/transcription';
import { TalkTimeList } from '../people';
import { talkTimeOf } from '../transcript-editor';

/**
 * Each speaker's talk time on the transcript's page, from main's one computation (the editor's
 * Speakers panel and the exports read the same), asked again whenever the transcript reads
 * otherwise. Nothing while no one is marked as speaking.
 */
export function TalkTimes({ record }: { record: TranscriptReading }) {
  const { t } = useTranslation('transcription');
  const [times, setTimes] = useState<TalkTime[]>([]);
  useEffect(() => {
    if (!record.edits) return setTimes([]);
    let current = true;
    talkTimeOf(record.id).then(
      (answer) => current && setTimes(answer),
      () => current && setTimes([]),
    );
    return () => {
      current = false;
    };
  }, [record]);
  if (!times.length) return null;
  return (
    <section className="talk-times" aria-labelledby="talk-times-heading">
      <h2 id="talk-times-heading">{t('result.talkTime')}</h2>
      <TalkTimeList times={times} />
    </section>
  );
}
