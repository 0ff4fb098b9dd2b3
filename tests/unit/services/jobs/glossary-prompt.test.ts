import { describe, expect, it } from 'vitest';
import { glossaryPrompt } from '../../../../electron/core/services/jobs/glossary-prompt';
import { PROMPT_MAX_CHARS } from '../../../../shared/contract/transcription';

describe('the prompt of every part', () => {
  it("is the user's prompt, then the speakers and the names and terms listed, each once", () => {
    expect(glossaryPrompt({ prompt: ' A product meeting. ', glossary: 'Kubernetes, Dana\nQ3 roadmap' }, ['Dana'])).toBe('A product meeting. Dana, Kubernetes, Q3 roadmap');
    expect(glossaryPrompt({ prompt: '', glossary: undefined }, [])).toBe('');
  });

  it("stays within the service's limit by leaving out whole terms from the end, never the user's prompt or a speaker", () => {
    const own = 'x'.repeat(PROMPT_MAX_CHARS - 20);
    const prompt = glossaryPrompt({ prompt: own, glossary: 'Okonkwo, Anneliese Vandersteen' }, ['Dana']);
    expect(prompt).toBe(`${own} Dana, Okonkwo`);
    expect(prompt.length).toBeLessThanOrEqual(PROMPT_MAX_CHARS);
  });
});
