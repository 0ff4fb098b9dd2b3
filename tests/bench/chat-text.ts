import { randomUUID } from 'node:crypto';
import { type Conversation, conversationSchema } from '../../shared/domain/conversation';
import { seededRandom, wordSource } from './text';

/**
 * A reply of plain words and sentences in paragraphs, with no Markdown syntax, so what is
 * rendered can be compared with it exactly. `words` is also its length in the fake service's
 * tokens (one word each, with its trailing whitespace).
 */
export function plainReply(words: number, seed: number): string {
  const random = seededRandom(seed);
  const source = wordSource(random);
  const paragraphs: string[] = [];
  let left = words;
  while (left > 0) {
    const sentences: string[] = [];
    let inParagraph = Math.min(left, 40 + Math.floor(random() * 80));
    left -= inParagraph;
    while (inParagraph > 0) {
      const length = Math.min(inParagraph, 6 + Math.floor(random() * 18));
      inParagraph -= length;
      const sentence = source.sentence(length);
      sentences.push(sentence[0]!.toUpperCase() + sentence.slice(1));
    }
    paragraphs.push(sentences.join(' '));
  }
  return paragraphs.join('\n\n');
}

/** Whitespace runs as one space, per paragraph: what a browser shows of the reply's text. */
export const paragraphsOf = (text: string) => text.split(/\n\s*\n/).map((p) => p.replace(/\s+/g, ' ').trim()).filter(Boolean);

const CODE = [
  '```ts',
  'export function total(items: Array<{ price: number; count: number }>): number {',
  '  let sum = 0;',
  '  for (const item of items) sum += item.price * item.count;',
  '  return Math.round(sum * 100) / 100;',
  '}',
  '```',
].join('\n');

export const FIRST_MARKER = 'Opening question of the long bench conversation';
export const LAST_MARKER = 'Closing words of the long bench conversation';

/**
 * A conversation as history stores it, `count` messages alternating question and reply:
 * questions of a sentence or two; replies of one to three paragraphs, every tenth with a
 * short list and every twentieth with a highlighted code block, as real chats have.
 */
export function longConversation(count: number, title: string): Conversation {
  const random = seededRandom(5000);
  const source = wordSource(random);
  const start = Date.UTC(2025, 0, 1);
  const messages = Array.from({ length: count }, (_, i) => {
    const user = i % 2 === 0;
    let content: string;
    if (user) {
      content = Array.from({ length: 1 + Math.floor(random() * 2) }, () => source.sentence(6 + Math.floor(random() * 14))).join(' ');
    } else {
      const parts = Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
        Array.from({ length: 2 + Math.floor(random() * 4) }, () => source.sentence(6 + Math.floor(random() * 16))).join(' '),
      );
      const reply = (i - 1) / 2;
      if (reply % 10 === 3) parts.splice(1, 0, Array.from({ length: 4 }, () => `- ${source.sentence(5)}`).join('\n'));
      if (reply % 20 === 7) parts.splice(1, 0, CODE);
      content = parts.join('\n\n');
    }
    if (i === 0) content = `${FIRST_MARKER}. ${content}`;
    if (i === count - 1) content = `${content} ${LAST_MARKER}.`;
    return {
      id: randomUUID(),
      role: user ? ('user' as const) : ('assistant' as const),
      content,
      state: 'complete' as const,
      usage: user ? null : { prompt_tokens: 100 + i, completion_tokens: 80, total_tokens: 180 + i },
      failure: null,
      model: user ? null : 'default',
      createdAt: start + i * 30_000,
    };
  });
  return conversationSchema.parse({
    id: randomUUID(),
    title,
    systemPrompt: '',
    options: { model: 'default', temperature: null, maxTokens: null, stream: true },
    pinned: false,
    createdAt: start,
    updatedAt: start + count * 30_000,
    messages,
  });
}
