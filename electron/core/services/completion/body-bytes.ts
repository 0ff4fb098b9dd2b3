import type { CompletionBody } from './chat-body';

/** Each message text's JSON, in UTF-8, by the text: the same history is encoded again at every Send. */
const encoded = new Map<string, Buffer<ArrayBuffer>>();
let encodedBytes = 0;
/** Several 10,000-message histories and their held documents (~2.5 MB each without): then the cache starts over. */
const ENCODED_LIMIT = 64 * 1024 * 1024;
const SEPARATOR = Buffer.from(',');
const CLOSE = Buffer.from('}');
const openings = new Map<string, Buffer<ArrayBuffer>>();

function encodedText(text: string): Buffer<ArrayBuffer> {
  let bytes = encoded.get(text);
  if (!bytes) {
    bytes = Buffer.from(JSON.stringify(text));
    if (encodedBytes + bytes.length > ENCODED_LIMIT) (encoded.clear(), (encodedBytes = 0));
    encoded.set(text, bytes);
    encodedBytes += bytes.length;
  }
  return bytes;
}

/** Whether a message is only a role and a text (no tool call, no other field), as most are. */
function plain(message: Record<string, unknown>): message is { role: string; content: string } {
  let fields = 0;
  for (const _ in message) fields++;
  return fields === 2 && typeof message.role === 'string' && typeof message.content === 'string';
}

/** Adds a message's JSON to `parts`: a plain one from its text's kept encoding, any other whole. */
function addMessage(parts: Array<Buffer<ArrayBuffer>>, message: Record<string, unknown>) {
  if (!plain(message)) return parts.push(Buffer.from(JSON.stringify(message)));
  let opening = openings.get(message.role);
  if (!opening) openings.set(message.role, (opening = Buffer.from(`{"role":${JSON.stringify(message.role)},"content":`)));
  parts.push(opening, encodedText(message.content), CLOSE);
}

/**
 * The body as UTF-8 JSON, as it is posted. JSON.stringify of a 10,000-message history, and the
 * string's conversion to bytes on its way out, took 15–25 ms of every Send (the goal for Send →
 * request is 20 ms, docs/benchmarks.md); here each message's text is encoded once, and only the
 * array around the messages is joined by hand (`messages` last: a JSON object's order is free).
 */
export function completionBytes(body: CompletionBody): Buffer<ArrayBuffer> {
  const { messages, ...rest } = body;
  const head = JSON.stringify(rest);
  const parts = [Buffer.from(`${head.slice(0, -1)}${head === '{}' ? '' : ','}"messages":[`)];
  messages.forEach((message, index) => {
    if (index > 0) parts.push(SEPARATOR);
    addMessage(parts, message);
  });
  parts.push(Buffer.from(']}'));
  return Buffer.concat(parts);
}
