import { type ComponentProps, memo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import { useBlocks } from './blocks';
import { Citation, type CitedTranscript } from './Citation';
import { CITE_SCHEME, remarkCitations } from './citations';
import { MARKDOWN_COMPONENTS } from './components';
import { webUrlOnly } from './urls';
import './markdown.css';

const REMARK = [remarkGfm];
const REMARK_CITING = [remarkGfm, remarkCitations];
/** In an answer about a transcript, `cite:` links are citations; any other link is as everywhere. */
const citingUrl = (url: string) => (url.startsWith(CITE_SCHEME) ? url : webUrlOnly(url));
function citingComponents(cited: CitedTranscript): Components {
  const Link = MARKDOWN_COMPONENTS.a as (props: ComponentProps<'a'>) => React.ReactNode;
  return {
    ...MARKDOWN_COMPONENTS,
    a: ({ href, children }: ComponentProps<'a'>) => (href?.startsWith(CITE_SCHEME) ? <Citation cited={cited} ids={href.slice(CITE_SCHEME.length).split(',')} text={children} /> : <Link href={href}>{children}</Link>),
  };
}
// rehype-highlight registers its languages whenever a processor is built, and react-markdown
// builds one per render: build the highlighter once and give every render the same one.
const highlighter = rehypeHighlight();
const HIGHLIGHT = [() => highlighter];
// Highlighting dominates render time; a block this large is shown plain so that one huge
// code block cannot freeze the window.
const MAX_HIGHLIGHTED_LENGTH = 20_000;

/**
 * One block, parsed on its own. There is deliberately no rehype-raw: HTML in model output
 * stays text, so it can never run, and URLs pass through `webUrlOnly`. `cited`: an answer
 * about a transcript, whose bracketed row ids become citations (citations.ts).
 */
const MarkdownBlock = memo(function MarkdownBlock({ source, highlight, cited }: { source: string; highlight: boolean; cited?: CitedTranscript }) {
  return (
    <ReactMarkdown
      remarkPlugins={cited ? REMARK_CITING : REMARK}
      rehypePlugins={highlight && source.length <= MAX_HIGHLIGHTED_LENGTH ? HIGHLIGHT : undefined}
      components={cited ? citingComponents(cited) : MARKDOWN_COMPONENTS}
      urlTransform={cited ? citingUrl : webUrlOnly}
    >
      {source}
    </ReactMarkdown>
  );
});

/**
 * Markdown rendered block by block, so a streaming reply re-parses only its last block per
 * fragment. The open block is highlighted only once the reply is over.
 */
export function Markdown({ text, streaming, cited }: { text: string; streaming: boolean; cited?: CitedTranscript }) {
  const { blocks, settled } = useBlocks(text);
  return blocks.map((source, index) => (
    <MarkdownBlock key={index} source={source} highlight={!streaming || index < settled} cited={cited} />
  ));
}
