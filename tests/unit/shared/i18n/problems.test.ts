import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogue, flatten } from '../../../support/catalogue';

// Main words a refusal as a code (new Problem('code', values)); the page says it from the errors
// namespace. A code main throws with no words there would show the user a bare key.

const PLURAL = /_(zero|one|two|few|many|other)$/;
const MAIN = join(process.cwd(), 'electron');
const thrown = readdirSync(MAIN, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .flatMap((file) => [...readFileSync(join(MAIN, file), 'utf8').matchAll(/new Problem\(\s*'([\w.]+)'/g)].map((m) => m[1]!));

describe('the problems main reports', () => {
  it('are found in main (the scan sees them)', () => {
    expect(thrown.length).toBeGreaterThan(0);
  });
  it('each have words in English', () => {
    const worded = new Set(flatten(catalogue('en').errors).map(([key]) => key.replace(PLURAL, '')));
    expect([...new Set(thrown)].filter((code) => !worded.has(code))).toEqual([]);
  });
});
