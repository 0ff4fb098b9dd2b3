import { useTranslation } from 'react-i18next';
import type { TranscriptRecord } from '../../shared/contract/transcription';
import { modelName } from '../common/names';
import { useFormats } from '../i18n';
import { useLanguageNames } from './language-names';
import { When } from './When';
import { FORMAT_KEYS } from './request';

/** What a transcript is: when, in which format and language, how long, by which model. */
export function ResultMeta({ record }: { record: TranscriptRecord }) {
  const { t } = useTranslation('transcription');
  const { duration } = useFormats();
  const languages = useLanguageNames();
  const { transcript, request } = record;
  return (
    <dl className="result-meta">
      <div>
        <dt>{t('meta.transcribed')}</dt>
        <dd>
          <When at={record.createdAt} />
        </dd>
      </div>
      <div>
        <dt>{t('meta.format')}</dt>
        <dd>{t(FORMAT_KEYS[transcript.format])}</dd>
      </div>
      {transcript.language !== null && (
        <div>
          <dt>{t('meta.language')}</dt>
          {/* A language's name as Intl gives it, like an endonym: not the catalogue's. */}
          <dd title={transcript.language} translate="no">
            {languages.name(transcript.language)}
          </dd>
        </div>
      )}
      {transcript.duration !== null && (
        <div>
          <dt>{t('meta.duration')}</dt>
          <dd>{duration(transcript.duration)}</dd>
        </div>
      )}
      <div>
        <dt>{t('meta.model')}</dt>
        <dd title={request.model} translate="no">
          {modelName(request.model)}
        </dd>
      </div>
    </dl>
  );
}
