import { memo } from 'react';
import ReactMarkdown from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import { useBlocks } from './blocks';
import { MARKDOWN_COMPONENTS } from './components';
import { webUrlOnly } from './urls';
import './markdown.css';

const REMARK = [remarkGfm];
// rehype-highlight registers its languages whenever a processor is built, and react-markdown
// builds one per render: build the highlighter once and give every render the same one.
const highlighter = rehypeHighlight();
const HIGHLIGHT = [() => highlighter];
// Highlighting dominates render time; a block this large is shown plain so that one huge
// code block cannot freeze the window.
const MAX_HIGHLIGHTED_LENGTH = 20_000;

/**
 * One block, parsed on its own. There is deliberately no rehype-raw: HTML in model output
 * stays text, so it can never run, and URLs pass through `webUrlOnly`.
 */
const MarkdownBlock = memo(function MarkdownBlock({ source, highlight }: { source: string; highlight: boolean }) {
  return (
    <ReactMarkdown
      remarkPlugins={REMARK}
      rehypePlugins={highlight && source.length <= MAX_HIGHLIGHTED_LENGTH ? HIGHLIGHT : undefined}
      components={MARKDOWN_COMPONENTS}
      urlTransform={webUrlOnly}
    >
      {source}
    </ReactMarkdown>
  );
});

/**
 * Markdown rendered block by block, so a streaming reply re-parses only its last block per
 * fragment. The open block is highlighted only once the reply is over.
 */
export function Markdown({ text, streaming }: { text: string; streaming: boolean }) {
  const { blocks, settled } = useBlocks(text);
  return blocks.map((source, index) => (
    <MarkdownBlock key={index} source={source} highlight={!streaming || index < settled} />
  ));
}
