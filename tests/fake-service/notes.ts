import type { ChatRequest } from './chat-request';

// The fake's answer to a notes request (electron/core/services/transcript-notes/prompt.ts),
// recognised by its first line and built from the rows it was sent, so tests can predict it:
// one item per section citing a row in that row's words, one item per line of the user's notes,
// and two bad citations: one to a row that does not exist (BAD_ROW_ID) and one to a row that
// does not say it (UNSUPPORTED_TEXT). Asked again about failed items, it repeats them as they were,
// each with its number ("retry"); a transcript saying ANSWER_SOME_RETRIES gets instead only the
// retried items after the first, last first, each rewritten in a row's words (so supported).

export const NOTES_HEAD = 'You write notes from a meeting transcript.';
export const RETRY_HEAD = 'These items failed the citation check';
export const BAD_ROW_ID = 'zz404';
export const MISSING_ROW_TEXT = 'The catering contract was signed';
export const UNSUPPORTED_TEXT = 'Quarterly zebra migration postponed indefinitely';
export const ANSWER_SOME_RETRIES = 'Only some retried items get an answer.';

/** The notes' system message: first, or after the JSON instruction a Free request puts before it. */
const notesSystem = (request: ChatRequest) => request.messages.find((message) => message.role === 'system' && message.text.startsWith(NOTES_HEAD));
export const isNotesRequest = (request: ChatRequest) => notesSystem(request) !== undefined;

interface Item {
  section: string;
  text: string;
  rows: string[];
  owner?: string | null;
  due?: string | null;
  userLine?: number | null;
  retry?: number;
}

function parse(request: ChatRequest) {
  const system = notesSystem(request)!.text;
  const data = request.messages.find((message) => message.role === 'user')?.text ?? '';
  const sections = system.split('\n').flatMap((line) => {
    const found = /^- ([a-z0-9_]+): /.exec(line);
    return found ? [found[1]!] : [];
  });
  const rows = data.split('\n').flatMap((line) => {
    const found = /^\[([^\]]+)\] (?:([^:\n]{1,40}): )?(.*)$/.exec(line);
    return found ? [{ id: found[1]!, speaker: found[2] ?? null, text: found[3]! }] : [];
  });
  const userLines = data.split('\n').flatMap((line) => {
    const found = /^\((\d+)\) at [\d:]+: (.*)$/.exec(line);
    return found ? [{ n: Number(found[1]), text: found[2]! }] : [];
  });
  return { sections, rows, userLines };
}

/** The failed items named in a retry request, with their numbers, as they were (so they fail again). */
function retried(text: string, sections: string[]): Item[] {
  return text.split('\n').flatMap((line) => {
    const found = /^(\d+)\. \[([a-z0-9_]+)\] (.*) — cited: (.*)$/.exec(line);
    if (!found) return [];
    const rows = found[4] === 'none' ? [] : found[4]!.split(', ');
    return [{ section: sections.includes(found[2]!) ? found[2]! : sections[0]!, text: found[3]!, rows, retry: Number(found[1]) }];
  });
}

/** ANSWER_SOME_RETRIES: the first retried item left out, the others answered last first, each now in the words of a row it cites. */
function someRetried(items: Item[], rows: ReturnType<typeof parse>['rows']): Item[] {
  return items
    .slice(1)
    .reverse()
    .map((item) => {
      const row = rows[item.retry! % rows.length]!;
      return { ...item, text: row.text.split(/\s+/).slice(0, 12).join(' '), rows: [row.id] };
    });
}

export function notesReply(request: ChatRequest): string {
  const { sections, rows, userLines } = parse(request);
  const last = request.messages.at(-1)!;
  if (last.role === 'user' && last.text.startsWith(RETRY_HEAD)) {
    const items = retried(last.text, sections);
    return JSON.stringify({ items: rows.some((row) => row.text.includes(ANSWER_SOME_RETRIES)) ? someRetried(items, rows) : items });
  }
  const items: Item[] = [];
  sections.forEach((section, i) => {
    const row = rows[i % Math.max(rows.length, 1)];
    if (!row) return;
    const words = row.text.split(/\s+/).slice(0, 12).join(' ');
    items.push({ section, text: words, rows: [row.id], owner: section === 'actions' ? row.speaker : null, due: null });
  });
  for (const line of userLines) if (rows[0]) items.push({ section: sections[0]!, text: `${line.text}: ${rows[0].text}`, rows: [rows[0].id], userLine: line.n });
  items.push({ section: sections[0]!, text: MISSING_ROW_TEXT, rows: [BAD_ROW_ID] });
  if (rows[0]) items.push({ section: sections.at(-1)!, text: UNSUPPORTED_TEXT, rows: [rows[0].id] });
  return JSON.stringify({ items });
}
