import type { ChatRequest } from './chat-request';
import type { TranslationScript } from './script';

// The fake's answer to a translation request (electron/core/services/transcript-translate/prompt.ts),
// recognised by its system message: each row's text prefixed with the target language's code
// ("ja: …"), every glossary term sent replaced by its spelling, in JSON mode as
// {"rows": [{"id", "text"}]} and on a plain prompt as "[id] text" lines. A synopsis request gets
// a fixed sentence naming how many rows it was sent. Misbehaving on command: the next batch of two
// rows or more takes a TranslationScript (a row dropped, renumbered, two merged, invalid output),
// and a row named by failTranslationRow comes back empty in every batch that holds it.

export const TRANSLATE_HEAD = 'You translate a meeting transcript into another language, row by row.';
export const SYNOPSIS_HEAD = 'You write a short synopsis of a meeting transcript.';

const systemStarting = (request: ChatRequest, head: string) => request.messages.some((message) => message.role === 'system' && message.text.startsWith(head));
export const isTranslateRequest = (request: ChatRequest) => systemStarting(request, TRANSLATE_HEAD);
export const isSynopsisRequest = (request: ChatRequest) => systemStarting(request, SYNOPSIS_HEAD);

/** What the translation fake is told to do; kept on the service's state. */
export interface TranslationState {
  take(): TranslationScript | undefined;
  failingRow: string | null;
}

const ROW = /^\[([^\]]+)\] (.*)$/;

function parse(request: ChatRequest) {
  const system = request.messages.find((message) => message.role === 'system' && message.text.startsWith(TRANSLATE_HEAD))!.text;
  const language = /into (?:.*\()?([a-zA-Z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\)?\.$/m.exec(system)?.[1] ?? 'xx';
  const data = request.messages.find((message) => message.role === 'user')?.text ?? '';
  const lines = data.split('\n');
  const glossary = lines.flatMap((line) => {
    const found = /^(.+) → (.+)$/.exec(line);
    return found ? [{ term: found[1]!, spelling: found[2]! }] : [];
  });
  const fenced = lines.slice(lines.indexOf('"""') + 1, lines.lastIndexOf('"""'));
  const rows = fenced.flatMap((line) => {
    const found = ROW.exec(line);
    return found ? [{ id: found[1]!, text: found[2]! }] : [];
  });
  return { language, glossary, rows };
}

/** A row "translated": the language code before it, each glossary term spelled as the user wants. */
export function fakeTranslation(text: string, language: string, glossary: ReadonlyArray<{ term: string; spelling: string }>): string {
  return `${language}: ${glossary.reduce((said, entry) => said.split(entry.term).join(entry.spelling), text)}`;
}

function misbehave(rows: Array<{ id: string; text: string }>, script: TranslationScript): Array<{ id: string; text: string }> {
  const [first, second, ...rest] = rows;
  switch (script.mischief) {
    case 'drop':
      return rows.slice(0, -1);
    case 'renumber':
      return [{ ...first!, id: `${first!.id}0` }, second!, ...rest];
    case 'merge':
      return [{ id: first!.id, text: `${first!.text} ${second!.text}` }, ...rest];
    default:
      return rows;
  }
}

export function translateReply(request: ChatRequest, state: TranslationState): string {
  const { language, glossary, rows } = parse(request);
  let answered = rows.map((row) => ({ id: row.id, text: row.id === state.failingRow ? '' : fakeTranslation(row.text, language, glossary) }));
  const script = rows.length >= 2 ? state.take() : undefined;
  if (script?.mischief === 'invalid') return request.jsonMode ? '{"rows": [{"id": "oops", ' : 'I cannot translate this.';
  if (script) answered = misbehave(answered, script);
  if (request.jsonMode) return JSON.stringify({ rows: answered });
  return answered.map((row) => `[${row.id}] ${row.text}`).join('\n');
}

export function synopsisReply(request: ChatRequest): string {
  const data = request.messages.find((message) => message.role === 'user')?.text ?? '';
  return `A meeting of ${data.split('\n').filter((line) => ROW.test(line)).length} rows.`;
}
