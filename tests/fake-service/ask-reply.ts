import type { ChatRequest } from './chat-request';

// Ask across meetings (electron/core/services/meetings-ask/prompt.ts): the system prompt lists
// rows as `[T<n>/<row id>] <time> <speaker>: <text>` and asks for JSON, `{"claims": [{"text",
// "cites": ["T1/4"]}]}`. The fake answers as a model would, deterministically: the row sharing
// the most words with the question (4 letters or more, the first such row on a tie) as a claim,
// cited by its label; then a claim citing a row it was never sent (`T1/zzz`), which the app must
// show as uncited; then one citing that same row but saying something it does not
// (`UNSUPPORTED_CLAIM`), which the app must show as not supported.

export const UNSUPPORTED_CLAIM = 'Bananas ripen on distant islands.';

const ROW = /^\[(T\d+\/[0-9a-z]+)\](?: \d+:\d{2}:\d{2})? (.*)$/gm;
const words = (text: string) => new Set(text.toLowerCase().match(/\p{L}{4,}/gu) ?? []);

// Ask about this transcript (electron/core/services/transcript-ask/ask.ts) labels rows `[<row id>]`
// and asks for ids at each claim's end: answered the same way, citing the row by its id, then a
// claim citing an id the transcript does not have (`[0]`: ids are counted from 1, so it could be
// a row's and is never one).
const TRANSCRIPT_ROW = /^\[([0-9a-z]+)\](?: \d+:\d{2}:\d{2})? (.*)$/gm;

/** The row of `rows` sharing the most words with the request's last question (the first on a tie). */
function bestRow(request: ChatRequest, rows: IterableIterator<RegExpMatchArray>) {
  const question = words(request.messages.findLast((message) => message.role === 'user')?.text ?? '');
  let best: { label: string; text: string; shared: number } | null = null;
  for (const [, label, text] of rows) {
    const shared = [...words(text!)].filter((word) => question.has(word)).length;
    if (!best || shared > best.shared) best = { label: label!, text: text!, shared };
  }
  return best;
}

/** The reply to an Ask across meetings or Ask about this transcript request, or null for any other request. */
export function askAcrossReply(request: ChatRequest): string | null {
  // On Free the request layer's JSON instruction comes first, as a system message of its own.
  const system = request.messages.filter((message) => message.role === 'system').map((message) => message.text).join('\n');
  if (system.includes('End every claim with the ids of the rows')) {
    const best = bestRow(request, system.matchAll(TRANSCRIPT_ROW));
    return best ? `The recording says: ${best.text} [${best.label}]\n\nIt also covers other things [0].` : 'The transcript does not say.';
  }
  if (!system.includes('excerpts of their meeting transcripts')) return null;
  const best = bestRow(request, system.matchAll(ROW));
  if (!best) return JSON.stringify({ claims: [{ text: 'The excerpts do not say.', cites: [] }] });
  return JSON.stringify({
    claims: [
      { text: `The meeting says: ${best.text}`, cites: [best.label] },
      { text: 'It was also discussed elsewhere', cites: ['T1/zzz'] },
      { text: UNSUPPORTED_CLAIM, cites: [best.label] },
    ],
  });
}
