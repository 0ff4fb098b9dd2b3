import {
  type TranscriptionRequest,
  transcriptionRequestSchema,
} from '../../shared/contract/transcription';
import type { ResponseFormat } from '../../shared/domain/transcript';
import { DEFAULT_JOB_REQUEST } from '../../shared/contract/jobs';
import { type ProblemData, problemOfIssue } from '../../shared/domain/problem';

export type Granularity = 'word' | 'segment';

/** The request options as the form holds them; every file takes them when its turn comes. */
export interface RequestInput {
  model: string;
  language: string;
  prompt: string;
  /** Names and terms sent with every part; defaults saved before there was one have none. */
  glossary?: string;
  responseFormat: ResponseFormat;
  granularities: Granularity[];
}

/** Which fields need fixing; the form words each, the glossary from the problem main would name too. */
export type RequestErrors = Partial<Record<'model' | 'language' | 'prompt', true>> & { glossary?: ProblemData };

/** The transcription models the service documents (seed §4.2); their names are in common/names.ts. */
export const TRANSCRIPTION_MODELS: readonly string[] = ['speech-1'];

/** Until main's (settings) are read. */
export const DEFAULT_REQUEST: RequestInput = DEFAULT_JOB_REQUEST;

/** Each format named by what it gives, never by its wire name. */
export const FORMAT_KEYS = {
  verbose_json: 'formats.verbose_json',
  json: 'formats.json',
  text: 'formats.text',
  srt: 'formats.srt',
  vtt: 'formats.vtt',
} as const satisfies Record<ResponseFormat, string>;

/** The choices in the order offered, each with what it is for. */
export const FORMATS = [
  { value: 'verbose_json', description: 'formatHints.verbose_json' },
  { value: 'text', description: 'formatHints.text' },
  { value: 'json', description: 'formatHints.json' },
  { value: 'srt', description: 'formatHints.srt' },
  { value: 'vtt', description: 'formatHints.vtt' },
] as const satisfies ReadonlyArray<{ value: ResponseFormat; description: string }>;

/** The fields the schema refuses; `request` is null while any field is invalid. */
export function checkRequest(input: RequestInput): { request: TranscriptionRequest | null; errors: RequestErrors } {
  const parsed = transcriptionRequestSchema.safeParse(input);
  if (parsed.success) return { request: parsed.data, errors: {} };
  const errors: RequestErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'model' || field === 'language' || field === 'prompt') && !errors[field]) errors[field] = true;
    if (field === 'glossary') errors.glossary ??= problemOfIssue(issue) ?? undefined;
  }
  return { request: null, errors };
}
