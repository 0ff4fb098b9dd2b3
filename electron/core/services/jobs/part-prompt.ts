import { PROMPT_MAX_CHARS, type TranscriptionRequest } from '../../../../shared/contract/transcription';

/**
 * The prompt of every part of a recording: the user's own, then the recording's glossary (the
 * speakers it has, then the names and terms the user listed). No part carries another's words,
 * so parts wait on nothing and a loop in one does not feed the next. What does not fit the
 * service's limit is left out whole, from the end of the list: half a name would teach the model
 * a wrong spelling.
 */
export function partPrompt(request: Pick<TranscriptionRequest, 'prompt' | 'glossary'>, speakerNames: readonly string[]): string {
  const own = request.prompt.trim();
  const terms = [...speakerNames, ...(request.glossary ?? '').split(/[,\n]/)].map((term) => term.trim()).filter(Boolean);
  let glossary = '';
  for (const term of new Set(terms)) {
    const longer = glossary ? `${glossary}, ${term}` : term;
    if (own.length + 1 + longer.length > PROMPT_MAX_CHARS) break;
    glossary = longer;
  }
  return [own, glossary].filter(Boolean).join(' ');
}
