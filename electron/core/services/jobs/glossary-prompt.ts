import { PROMPT_MAX_CHARS, type TranscriptionRequest } from '../../../../shared/contract/transcription';

/**
 * The prompt of every part and caption: the user's own, then the recording's glossary (the
 * speakers it has, then the names and terms the user listed), within `room`. It carries no
 * other audio's words, so what is sent with it waits on nothing and a loop elsewhere does not
 * feed it. What does not fit is left out whole, from the end of the list: half a name would
 * teach the model a wrong spelling.
 */
export function glossaryPrompt(request: Pick<TranscriptionRequest, 'prompt' | 'glossary'>, speakers: readonly string[], room = PROMPT_MAX_CHARS): string {
  const own = request.prompt.trim().slice(0, room);
  const terms = [...speakers, ...(request.glossary ?? '').split(/[,\n]/)].map((term) => term.trim()).filter(Boolean);
  let glossary = '';
  for (const term of new Set(terms)) {
    const longer = glossary ? `${glossary}, ${term}` : term;
    if (own.length + 1 + longer.length > room) break;
    glossary = longer;
  }
  return [own, glossary].filter(Boolean).join(' ');
}
