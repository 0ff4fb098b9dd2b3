import { rm } from 'node:fs/promises';
import { sendError, sendJson, sendScriptedError } from './errors';
import type { ErrorFields } from './errors';
import type { RequestContext, SharedState } from './http';
import { sleep } from './http';
import type { MultipartLogBody, TranscriptionScript } from './script';
import type { Transcript } from './transcript';
import { defaultWords, estimateDuration, textFromWords, toSrt, toVerboseJson, toVtt, wavDuration } from './transcript';
import { detectToneWords } from './tones';
import { webmOpusDuration } from './webm';
import { readUpload, respondEarly } from './upload';

export { MAX_FILE_BYTES } from './upload';

const EXTENSIONS = ['mp3', 'mp4', 'mpeg', 'mpga', 'm4a', 'wav', 'webm'];
const FORMATS = ['json', 'text', 'srt', 'vtt', 'verbose_json'];

function field(fields: MultipartLogBody['fields'], name: string): string | undefined {
  const value = fields[name];
  return Array.isArray(value) ? value[value.length - 1] : value;
}

function validate(log: MultipartLogBody): { error: ErrorFields } | { format: string; granularities: string[] } {
  const invalid = (message: string, param: string | null, code = 'invalid_value') => ({
    error: { message, type: 'invalid_request_error', param, code },
  });
  const file = log.file;
  if (!file) return invalid("Missing required parameter: 'file'.", 'file', 'missing_required_parameter');
  const ext = /\.([^.]+)$/.exec(file.filename)?.[1]?.toLowerCase() ?? '';
  if (!EXTENSIONS.includes(ext)) {
    return invalid(`Invalid file format '${ext || file.filename}'. Supported formats: ${EXTENSIONS.join(', ')}.`, 'file', 'unsupported_file_format');
  }
  if (file.size === 0) return invalid('The audio file is empty.', 'file', 'empty_file');
  const model = field(log.fields, 'model');
  if (model === undefined || model === '') return invalid("Missing required parameter: 'model'.", 'model', 'missing_required_parameter');
  if (model !== 'speech-1') return invalid(`Invalid model '${model}'. Use 'speech-1' for transcription.`, 'model', 'invalid_model');
  const format = field(log.fields, 'response_format') ?? 'json';
  if (!FORMATS.includes(format)) {
    return invalid(`Invalid 'response_format': '${format}'. Supported values are: ${FORMATS.join(', ')}.`, 'response_format');
  }
  const raw = log.fields['timestamp_granularities[]'] ?? log.fields['timestamp_granularities'] ?? [];
  const granularities = Array.isArray(raw) ? raw : [raw];
  const bad = granularities.find((g) => g !== 'word' && g !== 'segment');
  if (bad !== undefined) {
    return invalid(`Invalid 'timestamp_granularities': '${bad}'. Supported values are: word, segment.`, 'timestamp_granularities');
  }
  const language = field(log.fields, 'language');
  if (language !== undefined && language !== '' && !/^[a-z]{2}$/i.test(language)) {
    return invalid(`Invalid 'language': '${language}'. Use an ISO-639-1 code such as 'en'.`, 'language');
  }
  return { format, granularities };
}

function respond(ctx: RequestContext, transcript: Transcript, format: string, granularities: string[], headers: Record<string, string>): void {
  const { res } = ctx;
  const send = (type: string, body: string) => {
    res.writeHead(200, { ...headers, 'content-type': type, 'content-length': String(Buffer.byteLength(body)) });
    res.end(body);
  };
  if (format === 'json') sendJson(res, 200, { text: transcript.text }, headers);
  else if (format === 'verbose_json') sendJson(res, 200, toVerboseJson(transcript, granularities), headers);
  else if (format === 'text') send('text/plain; charset=utf-8', `${transcript.text}\n`);
  else if (format === 'srt') send('application/x-subrip; charset=utf-8', toSrt(transcript));
  else send('text/vtt; charset=utf-8', toVtt(transcript));
}

/** Resolves once the upload of a transcription request that arrived after the `arrival`th has been read, after `ms`, or on abort. */
function untilLaterRead(arrivals: SharedState['transcriptionArrivals'], arrival: number, ms: number, signal: AbortSignal): Promise<void> {
  if (arrivals.read > arrival) return Promise.resolve();
  return new Promise((resolve) => {
    const release = () => {
      arrivals.held.delete(check);
      resolve();
    };
    const check = () => arrivals.read > arrival && release();
    arrivals.held.add(check);
    // The response's signal ends this timer once it is answered.
    void sleep(ms, signal).then(release);
  });
}

/** POST /v1/audio/transcriptions: a streamed multipart parse that never holds the file. */
export async function handleTranscription(ctx: RequestContext, takeScript: () => TranscriptionScript | undefined): Promise<void> {
  const { req, res, entry, signal } = ctx;
  const arrivals = ctx.state.transcriptionArrivals;
  const arrival = ++arrivals.count;
  if (ctx.plan === 'free') {
    respondEarly(ctx, 403, {
      message: 'Audio transcription requires a Pro plan.',
      type: 'permission_error',
      param: null,
      code: 'pro_plan_required',
    });
    return;
  }
  const contentType = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    respondEarly(ctx, 400, {
      message: 'The request body must be multipart/form-data with a `file` field.',
      type: 'invalid_request_error',
      param: null,
      code: 'invalid_content_type',
    });
    return;
  }

  const script = takeScript() ?? {};
  const log: MultipartLogBody = { fields: {}, file: null };
  entry.body = log;

  const upload = await readUpload(ctx, script, log);
  if (upload.outcome === 'read') {
    arrivals.read = Math.max(arrivals.read, arrival);
    for (const check of arrivals.held) check();
  }
  let heard: Awaited<ReturnType<typeof hearTones>> | null = null;
  try {
    await upload.copy?.written;
    if (upload.copy && upload.outcome === 'read') heard = await hearTones(upload.copy.path, ctx.state.toneWords!, log);
  } finally {
    if (upload.copy) await rm(upload.copy.path, { force: true });
  }
  if (upload.outcome === 'answered') return;

  const checked = validate(log);
  if ('error' in checked) {
    sendError(res, 400, checked.error);
    return;
  }

  ctx.watchDisconnect('transcription');
  await sleep(script.latencyMs ?? ctx.state.latencyMs, signal);
  if (script.holdForNextMs) await untilLaterRead(arrivals, arrival, script.holdForNextMs, signal);
  if (signal.aborted) return;
  if (script.status !== undefined) {
    sendScriptedError(res, script.status, script.errorBody, script.headers);
    return;
  }
  const size = log.file?.size ?? 0;
  const duration = script.duration ?? heard?.duration ?? wavDuration(upload.header, size) ?? webmOpusDuration(upload.header) ?? estimateDuration(size);
  const words = script.words ?? heard?.words ?? defaultWords(duration);
  const transcript: Transcript = {
    text: script.text ?? textFromWords(words),
    words,
    language: script.language ?? field(log.fields, 'language') ?? 'en',
    duration,
  };
  respond(ctx, transcript, checked.format, checked.granularities, script.headers ?? {});
}

/** Decodes the upload for its marker tones (toneWords), noting its decoded length in the log. */
async function hearTones(path: string, tones: Record<string, number>, log: MultipartLogBody) {
  const heard = await detectToneWords(path, tones);
  if (log.file) log.file.decodedSeconds = heard.duration;
  return heard;
}
