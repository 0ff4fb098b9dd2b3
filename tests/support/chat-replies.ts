// Replies the chat journeys have the fake service send: Markdown with code, and markup that must stay inert.

/** A reply with a heading, bold, a code block and a link, as a model would write it. */
export const MARKDOWN_REPLY = [
  '## Sorting by a key',
  '',
  'Use a **copy**, so the input stays as it was:',
  '',
  '```ts',
  'export function sortBy<T>(items: T[], key: (item: T) => number): T[] {',
  '  const copy = [...items];',
  '',
  '  return copy.sort((a, b) => key(a) - key(b));',
  '}',
  '```',
  '',
  '- stable since ES2019',
  '- see [the docs](https://developer.mozilla.org/docs/Web/JavaScript/Reference/Global_Objects/Array/sort)',
].join('\n');

/** Markup and a javascript: link that would run if the reply were rendered as HTML. */
export const HOSTILE = [
  'Look: <img src=x onerror=window.__pwned=1>',
  '',
  '<script>window.__pwned=1</script>',
  '',
  '[click](javascript:window.__pwned=1) and <b onclick=window.__pwned=1>bold</b>',
].join('\n');

/** The code block's text, as Copy code should copy it. */
export const CODE = MARKDOWN_REPLY.split('```ts\n')[1]!.split('\n```')[0]!;
