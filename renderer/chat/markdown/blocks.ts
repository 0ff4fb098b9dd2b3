import { useRef } from 'react';

// A backtick fence's info string may not contain a backtick (that would be inline code).
const FENCE_OPEN = /^ {0,3}(`{3,}(?!.*`)|~{3,})/;

const closesFence = (line: string, fence: string) =>
  new RegExp(`^ {0,3}${fence[0]}{${fence.length},}\\s*$`).test(line);

export interface BlockSplit {
  /** Blocks that are over: a later line has already started the next block. */
  blocks: string[];
  /** Where the last, still open block starts. */
  tailStart: number;
}

/**
 * Splits Markdown, from `from` (which must be a block start), at blank lines outside code
 * fences. A line after the blank that is indented continues a list item or indented code, so
 * it is no boundary. A boundary is decided only once the following line has begun, which is
 * why appending text never moves one: while a reply streams, finished blocks stay finished.
 */
export function splitBlocks(text: string, from = 0): BlockSplit {
  const blocks: string[] = [];
  let start = from;
  let fence: string | null = null;
  let blockHasText = false;
  let afterBlank = false;
  for (let pos = from; pos < text.length; ) {
    const newline = text.indexOf('\n', pos);
    const end = newline === -1 ? text.length : newline;
    const line = text.slice(pos, end);
    if (fence !== null) {
      if (closesFence(line, fence)) fence = null;
    } else if (line.trim() === '') {
      afterBlank = blockHasText;
    } else {
      if (afterBlank && !/^[ \t]/.test(line)) {
        blocks.push(text.slice(start, pos));
        start = pos;
      }
      afterBlank = false;
      blockHasText = true;
      fence = FENCE_OPEN.exec(line)?.[1] ?? null;
    }
    pos = end + 1;
  }
  return { blocks, tailStart: start };
}

interface Memo {
  text: string;
  settled: string[];
  tailStart: number;
}

const EMPTY: Memo = { text: '', settled: [], tailStart: 0 };

/**
 * The blocks of `text`, and how many of them are settled. When the text only grew since the
 * last render (a streaming reply) just the open tail is scanned again, and settled blocks keep
 * their string identity, so their memoised components skip rendering.
 */
export function useBlocks(text: string): { blocks: string[]; settled: number } {
  // Written during render on purpose: it is a cache of a pure function of `text`, so a
  // repeated or discarded render leaves it consistent.
  const memo = useRef<Memo>(EMPTY);
  const previous = text.startsWith(memo.current.text) ? memo.current : EMPTY;
  const split = splitBlocks(text, previous.tailStart);
  const settled = split.blocks.length ? previous.settled.concat(split.blocks) : previous.settled;
  memo.current = { text, settled, tailStart: split.tailStart };
  const tail = text.slice(split.tailStart);
  return { blocks: tail.trim() ? [...settled, tail] : settled, settled: settled.length };
}
