import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { redactLogData, rotateLogFile } from '../../../../electron/shell/desktop/log-rotation';
import { rememberSecret } from '../../../../electron/core/services/net/redact';
import { testFolder } from '../../../support/temp-folder';

describe('log file', () => {
  it('redacts the saved key and any sk-… string in text, errors and objects', () => {
    const key = 'confab-live-key-0123456789abcdef';
    rememberSecret(key);
    const lines = redactLogData([
      `GET https://api.example.com/v1?key=${key}`,
      new Error('Bearer sk-abcdefghijklmnopqrstuvwxyz012345 refused'),
      { headers: { authorization: `Bearer ${key}` } },
    ]);
    expect(lines.join('\n')).not.toContain(key);
    expect(lines.join('\n')).not.toContain('sk-abcdefghijklmnopqrstuvwxyz012345');
    expect(lines[0]).toContain('https://api.example.com/v1');
  });

  it('rotates main.log through numbered files, keeping only the newest', async () => {
    const dir = await testFolder('confab-logs-');
    const file = path.join(dir, 'main.log');
    for (let run = 1; run <= 4; run++) {
      writeFileSync(file, `run ${run}`);
      rotateLogFile(file, 3);
    }
    expect(existsSync(file)).toBe(false);
    expect(readFileSync(path.join(dir, 'main.1.log'), 'utf8')).toBe('run 4');
    expect(readFileSync(path.join(dir, 'main.3.log'), 'utf8')).toBe('run 2');
    expect(existsSync(path.join(dir, 'main.4.log'))).toBe(false);
  });
});
