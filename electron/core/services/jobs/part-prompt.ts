import { PROMPT_MAX_CHARS, type TranscriptionRequest } from '../../../../shared/contract/transcription';

/**
 * The prompt of every part of a recording: the user's own, then the recording's glossary (the
 * names and terms the user listed, and the speakers it has). No part carries another's words,
 * so parts wait on nothing and a loop in one does not feed the next.
 */
export function partPrompt(request: Pick<TranscriptionRequest, 'prompt' | 'glossary'>, speakerNames: readonly string[]): string {
  const own = request.prompt.trim();
  const glossary = [request.glossary?.trim() ?? '', ...speakerNames].filter(Boolean).join(', ').slice(0, Math.max(0, PROMPT_MAX_CHARS - own.length - 1));
  return [own, glossary].filter(Boolean).join(' ');
}
