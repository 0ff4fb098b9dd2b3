import { PROMPT_MAX_CHARS, type TranscriptionRequest } from '../../../../shared/contract/transcription';

/**
 * The user's own prompt, then the recording's glossary (its names and terms, and the speakers it
 * has), cut to what is left of `room`. It carries no other audio's words, so what is sent with it
 * waits on nothing and a loop elsewhere does not feed it.
 */
export function glossaryPrompt(request: Pick<TranscriptionRequest, 'prompt' | 'glossary'>, speakers: readonly string[], room = PROMPT_MAX_CHARS): string {
  const own = request.prompt.trim().slice(0, room);
  const glossary = [request.glossary?.trim() ?? '', ...speakers].filter(Boolean).join(', ').slice(0, Math.max(0, room - own.length - 1));
  return [own, glossary].filter(Boolean).join(' ');
}
