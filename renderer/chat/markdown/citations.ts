import type { Link, Parent, Root, Text } from 'mdast';
import { ROW_BRACKET, bracketIds } from '../../../shared/domain/row-citations';

/** Where a citation link points: `cite:` and the ids named, as `cite:4,7`. */
export const CITE_SCHEME = 'cite:';

function split(node: Text): Array<Text | Link> {
  const parts: Array<Text | Link> = [];
  let last = 0;
  for (const match of node.value.matchAll(ROW_BRACKET)) {
    if (match.index > last) parts.push({ type: 'text', value: node.value.slice(last, match.index) });
    const ids = bracketIds(match[1]!);
    parts.push({ type: 'link', url: CITE_SCHEME + ids.join(','), children: [{ type: 'text', value: match[0] }] });
    last = match.index + match[0].length;
  }
  if (!parts.length) return [node];
  if (last < node.value.length) parts.push({ type: 'text', value: node.value.slice(last) });
  return parts;
}

function walk(parent: Parent) {
  // Code and links are left alone: `a[1]` in code is code, and a link's text is its own.
  parent.children = parent.children.flatMap((child): Parent['children'] => {
    if (child.type === 'text') return split(child);
    if (child.type !== 'link' && 'children' in child) walk(child as Parent);
    return [child];
  });
}

/**
 * A remark plugin for the answers of Ask about this transcript: row ids the model cites in
 * brackets become `cite:` links, which `Citation` shows as main checked them (a link to the
 * moment, "not supported", or as written for anything else in brackets: [sic], [2024]). Hand-written: mdast-util-find-and-replace
 * is only a dependency of remark-gfm here, and the walk is a dozen lines.
 */
export const remarkCitations = () => (tree: Root) => walk(tree);
