// Public types of the fake service's scripting API. Tests import these to build scripts;
// everything here is data, so a script can be written inline in a test.

export interface FakeKeys {
  free: string;
  pro: string;
  expired: string;
  revoked: string;
}

export type Plan = 'free' | 'pro';

export interface ScriptedToolCall {
  name: string;
  /** An object is serialised with JSON.stringify; a string is sent verbatim (so it may be invalid JSON). */
  arguments: string | Record<string, unknown>;
  /** Defaults to a deterministic `call_…` id. */
  id?: string;
}

/** Behaviour of one chat completion request. Every field is optional. */
export interface ChatScript {
  /** Assistant text. Default: derived from the last user message (see defaultReply). */
  reply?: string;
  /** Wait before the response headers are written. Overrides setLatency(). */
  latencyMs?: number;
  /** After the latency, wait for this too (the test resolves it once it has seen what it needs), so no journey waits for a time. */
  holdUntil?: Promise<unknown>;
  /** Characters (code points) of content, or of tool-call arguments, per delta. Default 4. */
  chunkSize?: number;
  /** Pause between content deltas. Default: the service's defaultIntervalMs (5). */
  intervalMs?: number;
  /** Alternative pacing: one word-sized token per event at this rate. Wins over chunkSize/intervalMs. */
  tokensPerSecond?: number;
  /**
   * Pace by the service's own clock: content delta n is due n × interval after the first, and one
   * that is late goes at once. Without it each delta waits a full interval after the last write,
   * so a busy machine (the client beside the service on the same CPUs) stretches the stream, which
   * a real service's pace never is. Benchmarks comparing two clients on the same stream use it.
   */
  clockPaced?: boolean;
  /** true forces the final usage chunk, false suppresses it; absent follows stream_options.include_usage. */
  includeUsage?: boolean;
  /** Answer with this HTTP status instead of a completion (e.g. 429, 500). */
  status?: number;
  /** Body for `status`: an object is sent as JSON, a string as text/plain. Default: a standard error body. */
  errorBody?: unknown;
  /** Extra response headers, e.g. { 'Retry-After': '2' }. Applied to error and success responses. */
  headers?: Record<string, string>;
  /** End the stream without `data: [DONE]`. */
  omitDone?: boolean;
  /** Interleave `: keep-alive` comment lines between events. */
  comments?: boolean;
  /** Use \r\n line endings throughout the stream. */
  crlf?: boolean;
  /** Spread each event's JSON over several `data:` lines (SSE joins them with \n). */
  multilineData?: boolean;
  /** Interleave chunks whose delta.content is "" and chunks whose delta has no content key. */
  emptyDeltas?: boolean;
  /**
   * Write each event containing a multi-byte character in two socket writes, split inside
   * that character, with splitPauseMs between them. Without `reply` the text is SPLIT_UTF8_SAMPLE.
   */
  splitUtf8?: boolean;
  /** Pause between the two halves of a split write. Default 20. */
  splitPauseMs?: number;
  /** After N content chunks send `data: {"error":{…}}` and end the response. */
  errorAfterChunks?: number;
  /** The `error` object sent by errorAfterChunks. Default: a server_error. */
  streamError?: { message: string; type?: string; code?: string | null };
  /** After N content chunks send `data: {not json` and end the response. */
  malformedAfterChunks?: number;
  /** After N content chunks destroy the socket without ending the response. */
  dropAfterChunks?: number;
  /**
   * Never finish: a streamed answer sends its first content chunk, then opens one event and
   * writes into it until the client goes away; a whole answer writes its JSON body forever.
   * For the client's size caps (waitForDisconnect shows it stopped reading).
   */
  endless?: boolean;
  /** Answer with tool calls (finish_reason `tool_calls`). */
  toolCalls?: ScriptedToolCall[];
  /** Override the final finish_reason (e.g. 'length'). */
  finishReason?: string;
  /** Reasoning put before the answer as `<think>…</think>`, as reasoning models on plain prompts do. */
  think?: string;
  /** Wrap the answer in a ```json code fence, as models asked for JSON without JSON mode often do. */
  fence?: boolean;
}

/**
 * What goes wrong with the next translation batch of two rows or more (translate.ts): its last row
 * left out, its first row answered under another id, its first two rows merged into one, or an
 * answer that is not the asked format at all.
 */
export interface TranslationScript {
  mischief: 'drop' | 'renumber' | 'merge' | 'invalid';
}

export interface TranscriptWord {
  word: string;
  start: number;
  end: number;
}

/** Behaviour of one audio transcription request. Every field is optional. */
export interface TranscriptionScript {
  /** Full transcript text. Default: the words joined by spaces. */
  text?: string;
  /** Word timings. Default: deterministic words spread over the audio duration. */
  words?: TranscriptWord[];
  /** `language` of verbose_json. Default: the request's language field, else 'en'. */
  language?: string;
  /** Seconds. Default: from the WAV header, else estimated from the file size. */
  duration?: number;
  /** Wait after the upload was read, before the response headers. Overrides setLatency(). */
  latencyMs?: number;
  /**
   * After the latency, hold the answer until a later transcription request's upload has been read,
   * or at most this long: a client that sends parts at once then has two in flight (a whole upload
   * apart, not a millisecond), however slowly it makes them.
   */
  holdForNextMs?: number;
  /** Answer with this HTTP status (after reading the upload). */
  status?: number;
  errorBody?: unknown;
  headers?: Record<string, string>;
  /** Destroy the socket once N bytes of the request body have arrived. */
  dropAfterBytes?: number;
  /** Do not read the body for this long, so the client's upload stalls on back-pressure. */
  delayBeforeReadMs?: number;
  /** Throttle reading of the body, so the client sees gradual upload progress. */
  readBytesPerSecond?: number;
}

export interface UploadedFileInfo {
  fieldName: string;
  filename: string;
  mimeType: string;
  size: number;
  sha256: string;
  /** True when the upload crossed the 25 MB limit; size/sha256 then cover only what was read. */
  truncated: boolean;
  /** With toneWords: the decoded length of the upload in seconds. */
  decodedSeconds?: number;
}

export interface MultipartLogBody {
  fields: Record<string, string | string[]>;
  file: UploadedFileInfo | null;
}

export interface RequestLogEntry {
  method: string;
  /** Path including the query string, e.g. '/v1/chat/completions'. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON, multipart summary, raw text for unparsable bodies, or undefined for none. */
  body: unknown;
  /** Date.now() when the request arrived. */
  at: number;
  /** Response status once known. */
  status?: number;
  /** Date.now() when the response's last bytes were handed to the socket (a bench times what follows). */
  endedAt?: number;
  /** Plan of the key, when the key was valid. */
  plan?: Plan;
}

export type DisconnectKind = 'chat' | 'chat-stream' | 'upload' | 'transcription' | 'mcp';

export interface DisconnectRecord {
  kind: DisconnectKind;
  method: string;
  path: string;
  at: number;
  /** chat-stream: content chunks written before the client went away. */
  chunksSent?: number;
  /** upload: request-body bytes received before the client went away. */
  bytesReceived?: number;
}

export interface McpCallRecord {
  name: string;
  arguments: Record<string, unknown>;
  at: number;
}

export interface FakeServiceOptions {
  /** Default 0: a free port. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Override some or all keys. Default: deterministic keys (see defaultKeys). */
  keys?: Partial<FakeKeys>;
  /** Latency before response headers for unscripted requests. Default 0. */
  latencyMs?: number;
  /** Default pause between stream deltas. Default 5. */
  defaultIntervalMs?: number;
  /** Called for every request once it is answered (the CLI prints them). */
  onRequest?: (entry: RequestLogEntry) => void;
  /**
   * Marker "words" as pure tones (word → frequency in Hz): when set, every transcription
   * decodes its upload with ffmpeg and answers with the markers found in it and their times.
   */
  toneWords?: Record<string, number>;
}

export interface ScriptQueue<S> {
  /** Queue a script for the next request of this kind (FIFO). */
  next(script: S): void;
  /** Scripts still waiting. */
  readonly pending: number;
  clear(): void;
}

export interface FakeService {
  /** 'http://127.0.0.1:<port>/v1' */
  readonly baseUrl: string;
  /** 'http://127.0.0.1:<port>/mcp' */
  readonly mcpUrl: string;
  readonly port: number;
  readonly keys: FakeKeys;
  readonly chat: ScriptQueue<ChatScript>;
  readonly transcription: ScriptQueue<TranscriptionScript>;
  /** Misbehaviours for translation batches, taken one per batch of two rows or more. */
  readonly translation: ScriptQueue<TranslationScript>;
  /** A row id answered empty in every translation batch holding it (null: none), so it fails alone too. */
  failTranslationRow(rowId: string | null): void;
  readonly requests: RequestLogEntry[];
  readonly disconnects: DisconnectRecord[];
  readonly mcpCalls: McpCallRecord[];
  /**
   * Resolves with the oldest disconnect not yet returned by an earlier call (so a disconnect
   * that happened before the call still counts). Rejects after timeoutMs (default 5000).
   */
  waitForDisconnect(timeoutMs?: number): Promise<DisconnectRecord>;
  /** Accepts `key` (on `plan`, default free) besides `keys` until it is withdrawn. */
  issueKey(key: string, plan?: Plan): void;
  /** Refuses an issued key from now on: the fixed revoked or expired keys answer as such, any other as unknown. */
  withdrawKey(key: string): void;
  /** Latency before response headers for requests whose script does not set latencyMs. */
  setLatency(ms: number): void;
  /**
   * The model's context, in characters of message text: a chat request over it is refused with a
   * 400 in the convention's words (`context_length_exceeded`); null (the default) takes any size.
   */
  setContextLimit(chars: number | null): void;
  /**
   * The model's context in tokens, counted the service's own way (about four characters a token,
   * three more a message: what its usage reports as prompt_tokens), refused as setContextLimit's.
   */
  setContextTokens(tokens: number | null): void;
  /** Clear the logs, the queues, the failing translation row, the latency, the context limit and the waitForDisconnect cursor. */
  reset(): void;
  close(): Promise<void>;
}

export const SPLIT_UTF8_SAMPLE = 'héllo wörld 你好 🎉';
