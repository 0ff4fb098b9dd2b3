import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { readPastedServers } from '../../../../renderer/mcp/pasted-servers';
import { pasteProblemText } from '../../../../renderer/mcp/paste-problem-text';
import { wordsOf } from '../../../support/i18n';

// What cannot be read in a pasted server JSON is a code with values; the form says it in the UI
// language, one whole sentence naming the server, never the English one.
const PASTES = [
  '',
  '{"mcpServers": {"notes": {"url": "https://x"}',
  '[1, 2]',
  '{"mcpServers": []}',
  '{"mcpServers": {}}',
  '{"notes": 3}',
  '{"notes": {"type": "sse", "url": "https://x.example/sse"}}',
  '{"notes": {"name": "x"}}',
  '{"notes": {"command": "x", "args": "--root /"}}',
  '{"notes": {"command": 7}}',
  '{"notes": {"url": "https://x.example/mcp", "headers": {"X-Key": 42}}}',
  '{"notes": {"command": "x", "env": {"TOKEN": 1}}}',
  '{"notes": {"command": "x", "args": [1]}}',
  '{"notes": {"url": "https://x.example/mcp", "headers": 5}}',
  '{"type": "sse", "url": "https://x.example/sse"}',
];

/** A language's words in the mcp namespace, as the form's useTranslation('mcp') gives them. */
const mcpWords = async (language: 'ja' | 'de' | 'ar' | 'en') => {
  const t = await wordsOf(language);
  return ((key: string, options?: Record<string, unknown>) => t(`mcp:${key}`, options)) as unknown as TFunction<'mcp'>;
};

const problemOf = (text: string) => {
  const read = readPastedServers(text);
  if (read.ok) throw new Error(`${text} was read`);
  return read.problem;
};

describe.each(['ja', 'de', 'ar'] as const)('a pasted JSON that cannot be read, said in %s', (language) => {
  it.each(PASTES)('words %j in the language, naming the server', async (pasted) => {
    const [t, english] = await Promise.all([mcpWords(language), mcpWords('en')]);
    const problem = problemOf(pasted);
    const said = pasteProblemText(t, problem);
    expect(said).not.toBe(pasteProblemText(english, problem));
    expect(said, 'no placeholder left unfilled, no key shown').not.toMatch(/\{\{\s*\w+\s*\}\}|^(mcp:|pasted\.)/);
    if ('name' in problem && problem.name) expect(said).toContain(problem.name);
  });
});
