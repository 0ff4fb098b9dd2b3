import type { TranscriptRecord } from '../../shared/contract/transcription';
import { FORMAT_NAMES, languageName, modelName } from '../common/names';
import { formatDate, formatDuration } from './format';

/** What a transcript is: when, in which format and language, how long, by which model. */
export function ResultMeta({ record }: { record: TranscriptRecord }) {
  const { transcript, request } = record;
  return (
    <dl className="result-meta">
      <div>
        <dt>Transcribed</dt>
        <dd>{formatDate(record.createdAt)}</dd>
      </div>
      <div>
        <dt>Format</dt>
        <dd>{FORMAT_NAMES[transcript.format]}</dd>
      </div>
      {transcript.language !== null && (
        <div>
          <dt>Language</dt>
          <dd title={transcript.language}>{languageName(transcript.language)}</dd>
        </div>
      )}
      {transcript.duration !== null && (
        <div>
          <dt>Duration</dt>
          <dd>{formatDuration(transcript.duration)}</dd>
        </div>
      )}
      <div>
        <dt>Model</dt>
        <dd title={request.model}>{modelName(request.model)}</dd>
      </div>
    </dl>
  );
}
