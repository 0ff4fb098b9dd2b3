import type { ChatRequest } from './chat-request';

// The fake's answer to a notes request (electron/core/services/transcript-notes/prompt.ts),
// recognised by its first line and built from the rows it was sent, so tests can predict it:
// one item per section citing a row in that row's words, one item per line of the user's notes,
// and two bad citations: one to a row that does not exist (BAD_ROW_ID) and one to a row that
// does not say it (UNSUPPORTED_TEXT). Asked again about failed items, it repeats them as they were.

export const NOTES_HEAD = 'You write notes from a meeting transcript.';
export const RETRY_HEAD = 'These items failed the citation check';
export const BAD_ROW_ID = 'zz404';
export const MISSING_ROW_TEXT = 'The catering contract was signed';
export const UNSUPPORTED_TEXT = 'Quarterly zebra migration postponed indefinitely';

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

/** The failed items named in a retry request, repeated unchanged (so they fail again). */
function repeated(text: string, sections: string[]): Item[] {
  return text.split('\n').flatMap((line) => {
    const found = /^\d+\. \[([a-z0-9_]+)\] (.*) — cited: (.*)$/.exec(line);
    if (!found) return [];
    const rows = found[3] === 'none' ? [] : found[3]!.split(', ');
    return [{ section: sections.includes(found[1]!) ? found[1]! : sections[0]!, text: found[2]!, rows }];
  });
}

export function notesReply(request: ChatRequest): string {
  const { sections, rows, userLines } = parse(request);
  const last = request.messages.at(-1)!;
  if (last.role === 'user' && last.text.startsWith(RETRY_HEAD)) return JSON.stringify({ items: repeated(last.text, sections) });
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
