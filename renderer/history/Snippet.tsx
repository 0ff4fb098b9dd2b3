import { snippetParts } from './snippet';

/** A search snippet with its matches in <mark>, built as elements: the text is never HTML. */
export function Snippet({ text }: { text: string }) {
  return (
    <>
      {snippetParts(text).map((part, index) => (part.match ? <mark key={index}>{part.text}</mark> : part.text))}
    </>
  );
}
