import {
  type TranscriptionRequest,
  transcriptionRequestSchema,
} from '../../shared/contract/transcription';
import type { ResponseFormat } from '../../shared/domain/transcript';
import { DEFAULT_JOB_REQUEST } from '../../shared/contract/jobs';

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

/** The transcription models the service documents (seed §4.2); their names are in common/names.ts. */
export const TRANSCRIPTION_MODELS: readonly string[] = ['speech-1'];

/** Until main's (settings) are read. */
export const DEFAULT_REQUEST: RequestInput = DEFAULT_JOB_REQUEST;

/** The choices in the order offered; each is named by what it gives (common/names.ts). */
export const FORMATS: ReadonlyArray<{ value: ResponseFormat; description: string }> = [
  { value: 'verbose_json', description: 'With the language, the length and each word\'s time: follow along while it plays, and make subtitles to your rules.' },
  { value: 'text', description: 'The words alone.' },
  { value: 'json', description: 'The words alone, in a JSON file for other programs.' },
  { value: 'srt', description: 'Subtitles timed by the service, for most video players, saved exactly as returned.' },
  { value: 'vtt', description: 'Subtitles timed by the service, for web pages, saved exactly as returned.' },
];

/** The schema's own messages, one per field; `request` is null while any field is invalid. */
export function checkRequest(input: RequestInput): { request: TranscriptionRequest | null; errors: RequestErrors } {
  const parsed = transcriptionRequestSchema.safeParse(input);
  if (parsed.success) return { request: parsed.data, errors: {} };
  const errors: RequestErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'model' || field === 'language' || field === 'prompt') && !errors[field]) errors[field] = issue.message;
  }
  return { request: null, errors };
}
