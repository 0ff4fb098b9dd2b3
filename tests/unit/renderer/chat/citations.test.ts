import type { Link, Parent, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { describe, expect, it } from 'vitest';
import { remarkCitations } from '../../../../renderer/chat/markdown/citations';

const links = (node: Parent): Link[] =>
  node.children.flatMap((child) => [...(child.type === 'link' ? [child] : []), ...('children' in child ? links(child as Parent) : [])]);

function cited(markdown: string): Root {
  const tree = fromMarkdown(markdown);
  remarkCitations()(tree);
  return tree;
}

describe('citations in an answer about a transcript', () => {
  it('turn bracketed row ids into cite: links, one per bracket, keeping the text around them', () => {
    const tree = cited('Budget cut by ten percent [4]. Anna tells finance [7, 1a].');
    expect(links(tree).map((link) => link.url)).toEqual(['cite:4', 'cite:7,1a']);
    const paragraph = tree.children[0] as Parent;
    expect(paragraph.children.map((child) => ('value' in child ? child.value : 'link'))).toEqual(['Budget cut by ten percent ', 'link', '. Anna tells finance ', 'link', '.']);
  });

  it('leave code, links and words in brackets alone', () => {
    const tree = cited('Use `rows[1]` here, see [the notes [5]](https://example.com/[2]), and [see above].\n\n```\nx = a[3]\n```');
    expect(links(tree).map((link) => link.url)).toEqual(['https://example.com/[2]']);
  });
});
