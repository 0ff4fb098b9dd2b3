import {
  type TranscriptionRequest,
  transcriptionRequestSchema,
} from '../../shared/contract/transcription';
import type { ResponseFormat } from '../../shared/domain/transcript';

export type Granularity = 'word' | 'segment';

/** The request options as the form holds them; every file takes them when its turn comes. */
export interface RequestInput {
  model: string;
  language: string;
  prompt: string;
  responseFormat: ResponseFormat;
  granularities: Granularity[];
}

export type RequestErrors = Partial<Record<'model' | 'language' | 'prompt', string>>;

export const DEFAULT_REQUEST: RequestInput = {
  model: 'speech-1',
  language: '',
  prompt: '',
  // The richest result: language, duration and timings, which playback and subtitle rules need.
  responseFormat: 'verbose_json',
  granularities: ['word', 'segment'],
};

export const FORMATS: ReadonlyArray<{ value: ResponseFormat; label: string; description: string }> = [
  { value: 'verbose_json', label: 'verbose_json', description: 'Text with language, duration and timings: follow along while it plays and make subtitles to your rules.' },
  { value: 'json', label: 'json', description: 'The text only, as JSON.' },
  { value: 'text', label: 'text', description: 'The text only, as plain text.' },
  { value: 'srt', label: 'srt', description: 'SubRip subtitles timed by the service, saved exactly as returned.' },
  { value: 'vtt', label: 'vtt', description: 'WebVTT subtitles timed by the service, saved exactly as returned.' },
];

const requestSchema = transcriptionRequestSchema.omit({ fileId: true });

/** The schema's own messages, one per field; `request` is null while any field is invalid. */
export function checkRequest(input: RequestInput): { request: Omit<TranscriptionRequest, 'fileId'> | null; errors: RequestErrors } {
  const parsed = requestSchema.safeParse(input);
  if (parsed.success) return { request: parsed.data, errors: {} };
  const errors: RequestErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'model' || field === 'language' || field === 'prompt') && !errors[field]) errors[field] = issue.message;
  }
  return { request: null, errors };
}
