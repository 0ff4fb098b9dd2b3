import { jsonrepair } from 'jsonrepair';

/**
 * Reasoning models on a plain prompt think aloud before answering, in tags that vary by model
 * family; an answer cut at the token cap can end inside one, so an unclosed tag runs to the end.
 */
const REASONING = /<(think|thinking|reasoning|reflection|analysis)>[\s\S]*?(<\/\1>|$)/gi;
const FENCE = /```[a-z]*\s*\n?([\s\S]*?)(```|$)/i;

/** The answer without its reasoning blocks, and the inside of its first code fence if it has one. */
export function answerText(text: string): string {
  const spoken = text.replace(REASONING, '').trim();
  return (FENCE.exec(spoken)?.[1] ?? spoken).trim();
}

/**
 * The JSON in a model's answer, read tolerantly: prose around it, trailing commas, single quotes,
 * an answer cut short. jsonrepair does the repairing (a well-kept library); a strict parse goes
 * first so a clean answer is read as it is. Throws when nothing JSON-like is there.
 */
export function readJson(text: string): unknown {
  const answer = answerText(text);
  const start = answer.search(/[[{]/);
  if (start < 0) throw new SyntaxError('no JSON in the answer');
  const json = answer.slice(start);
  try {
    return JSON.parse(json);
  } catch {
    return JSON.parse(jsonrepair(json));
  }
}

/**
 * What an answer still arriving holds so far, for showing items as they finish: repaired, so its
 * last item may be cut short (a caller shows the items before it); null before any JSON came.
 */
export function readPartialJson(text: string): unknown {
  try {
    return readJson(text);
  } catch {
    return null;
  }
}
