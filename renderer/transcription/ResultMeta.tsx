import type { TranscriptRecord } from '../../shared/contract/transcription';
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
        <dd className="mono">{transcript.format}</dd>
      </div>
      {transcript.language !== null && (
        <div>
          <dt>Language</dt>
          <dd>{transcript.language}</dd>
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
        <dd className="mono">{request.model}</dd>
      </div>
    </dl>
  );
}
