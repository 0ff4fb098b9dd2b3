import type { CompletionBody } from './chat-body';

/** Several 10,000-message histories and their held documents (~2.5 MB each without), keys included. */
const ENCODED_LIMIT = 64 * 1024 * 1024;

/** Whether a message is only a role and a text (no tool call, no other field), as most are. */
function plain(message: Record<string, unknown>): message is { role: string; content: string } {
  let fields = 0;
  for (const _ in message) fields++;
  return fields === 2 && typeof message.role === 'string' && typeof message.content === 'string';
}

/**
 * The body as UTF-8 JSON, as it is posted. JSON.stringify of a 10,000-message history, and the
 * string's conversion to bytes on its way out, took 15–25 ms of every Send (the goal for Send →
 * request is 20 ms, docs/benchmarks.md); here each message is encoded once, by JSON.stringify,
 * and only the array around the messages is joined by hand (`messages` last: a JSON object's
 * order is free). The memo is a pure cache, the same for every caller.
 */
export function bodyEncoder(limit = ENCODED_LIMIT) {
  /**
   * A plain message's JSON (with the comma that joins it to the one before), in UTF-8, by its
   * text, oldest first (a Map keeps its order). `again`: sent again since it was last put at the
   * newest end. Room is made as a clock does: the oldest goes, unless it was sent again, then it
   * moves to the newest end instead; so a conversation being written keeps its messages while
   * others pass through, and a hit costs one write (moving every hit took 1–3 ms of a
   * 10,000-message Send).
   */
  const encoded = new Map<string, { role: string; bytes: Buffer<ArrayBuffer>; again: boolean }>();
  let keptSize = 0;
  // The key is counted too: the memo can be what keeps a long text alive (at up to 2 bytes a character in V8).
  const sizeOf = (text: string, bytes: Buffer) => bytes.length + text.length * 2;
  const forget = (text: string) => {
    const kept = encoded.get(text);
    if (kept && encoded.delete(text)) keptSize -= sizeOf(text, kept.bytes);
  };

  /** `,` and the message's JSON: a plain one's kept from the last request that carried it, any other made now. */
  function joined(message: Record<string, unknown>, keep: boolean): Buffer<ArrayBuffer> {
    if (!plain(message)) return Buffer.from(`,${JSON.stringify(message)}`);
    const kept = encoded.get(message.content);
    if (kept?.role === message.role) {
      kept.again = true;
      return kept.bytes;
    }
    const bytes = Buffer.from(`,${JSON.stringify({ role: message.role, content: message.content })}`);
    const size = sizeOf(message.content, bytes);
    if (!keep || size > limit) return bytes;
    forget(message.content);
    for (const [text, oldest] of encoded) {
      if (keptSize + size <= limit) break;
      encoded.delete(text);
      if (oldest.again) encoded.set(text, { ...oldest, again: false });
      else keptSize -= sizeOf(text, oldest.bytes);
    }
    encoded.set(message.content, { role: message.role, bytes, again: false });
    keptSize += size;
    return bytes;
  }

  return {
    /** `keep` false: a one-off request (model-requests'), whose messages are encoded without being kept. */
    bytes(body: CompletionBody, keep = true): Buffer<ArrayBuffer> {
      const { messages, ...rest } = body;
      const head = JSON.stringify(rest);
      const parts = [Buffer.from(`${head.slice(0, -1)}${head === '{}' ? '' : ','}"messages":[`)];
      for (const message of messages) parts.push(joined(message, keep));
      // The first message follows the bracket, not a comma.
      if (parts.length > 1) parts[1] = parts[1]!.subarray(1);
      parts.push(Buffer.from(']}'));
      return Buffer.concat(parts);
    },
    /** What the memo holds: its bytes and its keys (a string's characters at up to 2 bytes each in V8). */
    kept: () => keptSize,
    holds: (text: string) => encoded.has(text),
  };
}

const shared = bodyEncoder();
/** Chat's request bodies (requestStep), its messages' JSON kept for the next Send. */
export const completionBytes = shared.bytes;
