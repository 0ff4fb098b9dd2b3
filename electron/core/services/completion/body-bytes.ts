import type { CompletionBody } from './chat-body';

/** A plain message's JSON (with the comma that joins it to the one before), in UTF-8, by its text. */
const encoded = new Map<string, { role: string; bytes: Buffer<ArrayBuffer> }>();
let encodedBytes = 0;
/** Several 10,000-message histories and their held documents (~2.5 MB each without): then the cache starts over. */
const ENCODED_LIMIT = 64 * 1024 * 1024;

/** Whether a message is only a role and a text (no tool call, no other field), as most are. */
function plain(message: Record<string, unknown>): message is { role: string; content: string } {
  let fields = 0;
  for (const _ in message) fields++;
  return fields === 2 && typeof message.role === 'string' && typeof message.content === 'string';
}

/** `,` and the message's JSON: a plain one's kept from the last request that carried it, any other made now. */
function joined(message: Record<string, unknown>): Buffer<ArrayBuffer> {
  if (!plain(message)) return Buffer.from(`,${JSON.stringify(message)}`);
  const kept = encoded.get(message.content);
  if (kept?.role === message.role) return kept.bytes;
  const bytes = Buffer.from(`,${JSON.stringify({ role: message.role, content: message.content })}`);
  if (encodedBytes + bytes.length > ENCODED_LIMIT) (encoded.clear(), (encodedBytes = 0));
  encoded.set(message.content, { role: message.role, bytes });
  encodedBytes += bytes.length;
  return bytes;
}

/**
 * The body as UTF-8 JSON, as it is posted. JSON.stringify of a 10,000-message history, and the
 * string's conversion to bytes on its way out, took 15–25 ms of every Send (the goal for Send →
 * request is 20 ms, docs/benchmarks.md); here each message is encoded once, by JSON.stringify,
 * and only the array around the messages is joined by hand (`messages` last: a JSON object's
 * order is free). The cache is the module's: a pure memo, the same for every caller.
 */
export function completionBytes(body: CompletionBody): Buffer<ArrayBuffer> {
  const { messages, ...rest } = body;
  const head = JSON.stringify(rest);
  const parts = [Buffer.from(`${head.slice(0, -1)}${head === '{}' ? '' : ','}"messages":[`)];
  for (const message of messages) parts.push(joined(message));
  // The first message follows the bracket, not a comma.
  if (parts.length > 1) parts[1] = parts[1]!.subarray(1);
  parts.push(Buffer.from(']}'));
  return Buffer.concat(parts);
}
