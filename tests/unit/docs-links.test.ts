import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What the repository holds at its top: a backticked path is checked only when it starts with one of these. */
const ignored = new Set(['node_modules', 'dist', 'release', 'test-output', '.git']);
const topLevel = new Set(readdirSync(root).filter((name) => !ignored.has(name)));

type Node = { type: string; value?: string; url?: string; children?: Node[] };

function* walk(node: Node): Generator<Node> {
  yield node;
  for (const child of node.children ?? []) yield* walk(child);
}

/** `electron/services/x.ts` or `renderer/chat/`, not `app://confab/media/<id>` nor `npm run web`. */
const repoPath = (code: string) => /^[\w.@-]+(\/[\w.@-]+)*\/?$/.test(code) && code.includes('/') && topLevel.has(code.split('/')[0]!);

/**
 * The references in one Markdown file that point nowhere: relative links (resolved from the
 * file's folder, anchors dropped) and backticked repository paths (resolved from the root).
 */
function brokenReferences(markdown: string, fileDir: string, repoRoot = root): string[] {
  const broken: string[] = [];
  for (const node of walk(fromMarkdown(markdown) as Node)) {
    if ((node.type === 'link' || node.type === 'definition') && node.url) {
      const target = node.url.split('#')[0]!;
      if (!target || /^[a-z][a-z+.-]*:/i.test(target)) continue;
      if (!existsSync(path.resolve(fileDir, decodeURI(target)))) broken.push(`link ${node.url}`);
    }
    if (node.type === 'inlineCode' && node.value && repoPath(node.value) && !existsSync(path.join(repoRoot, node.value))) {
      broken.push(`path ${node.value}`);
    }
  }
  return broken;
}

function markdownUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

const documents = ['README.md', ...markdownUnder(path.join(root, 'docs'))];

describe('README.md and docs/', () => {
  it('has the architecture overview, testing and benchmarks pages', () => {
    expect(documents).toEqual(expect.arrayContaining(['docs/architecture/README.md', 'docs/testing.md', 'docs/benchmarks.md']));
  });

  it.each(documents)('%s links and names only files that exist', (file) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    expect(brokenReferences(text, path.dirname(path.join(root, file)))).toEqual([]);
  });

  it('reports a moved file, a dead link and a dead anchor target, and passes what is not a path', () => {
    const text = [
      'See `electron/services/nowhere.ts` and `renderer/chat/` and [the overview](docs/missing.md#walks).',
      'Fine: `package.json`, `tests/support/`, [security](SECURITY.md#top), [web](https://example.com/x),',
      '`app://confab/media/<id>`, `npm run web`, `conversations.send`, `/files` and [top](#top).',
      '',
      '[ref]: ./tests/nothing-here.ts',
    ].join('\n');
    expect(brokenReferences(text, root)).toEqual(['path electron/services/nowhere.ts', 'link docs/missing.md#walks', 'link ./tests/nothing-here.ts']);
  });
});
