import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { terminalConsent } from '../../../electron/web/terminal-consent';
import { wordsIn } from '../../../electron/core/services/language/language-service';

const english = wordsIn('en');

const request = { kind: 'startProgram' as const, serverName: 'Notes', command: 'node', args: ['notes.js'], envNames: ['TOKEN'] };

function terminal(canAsk = true) {
  const input = new PassThrough();
  const output = new PassThrough();
  let printed = '';
  output.on('data', (chunk) => (printed += chunk));
  return { input, printed: () => printed, consent: terminalConsent({ input, output, canAsk }) };
}

describe('consent in the harness terminal', () => {
  it('prints the exact request and takes y as yes', async () => {
    const t = terminal();
    const answer = t.consent.ask(request, english);
    await expect.poll(t.printed).toContain('Allow? Type y or n');
    expect(t.printed()).toContain('Command: node notes.js');
    expect(t.printed()).toContain('(values hidden): TOKEN');
    t.input.write('y\n');
    expect(await answer).toBe(true);
  });

  it('takes n as no, asks again on anything else, and asks one question at a time', async () => {
    const t = terminal();
    const first = t.consent.ask(request, english);
    const second = t.consent.ask({ kind: 'allowTool', serverName: 'Notes', tool: 'read' }, english);
    await expect.poll(t.printed).toContain('Allow? Type y or n');
    expect(t.printed()).not.toContain('Always allow a tool?');
    t.input.write('maybe\n');
    await expect.poll(() => t.printed().split('Allow? Type y or n').length).toBe(3);
    t.input.write('N\n');
    expect(await first).toBe(false);
    await expect.poll(t.printed).toContain('Always allow a tool?');
    t.input.write('yes\n');
    expect(await second).toBe(true);
  });

  it('asks in the UI language, the answers staying y and n', async () => {
    const t = terminal();
    const answer = t.consent.ask({ kind: 'allowTool', serverName: 'Notes', tool: null }, wordsIn('de'));
    await expect.poll(t.printed).toContain('Erlauben? Geben Sie y oder n ein, dann Enter: ');
    expect(t.printed()).toContain('=== Confab fragt: Ein Werkzeug immer erlauben? ===');
    expect(t.printed()).toContain('Dürfen alle Werkzeuge von „Notes“ ausgeführt werden, ohne jedes Mal zu fragen?');
    t.input.write('y\n');
    expect(await answer).toBe(true);
  });

  it('refuses when the input ends before an answer', async () => {
    const t = terminal();
    const answer = t.consent.ask(request, english);
    t.input.end();
    expect(await answer).toBe(false);
    expect(t.printed()).toContain('input ended');
  });

  it('refuses at once, saying how to be asked, when the terminal takes no input', async () => {
    const t = terminal(false);
    expect(await t.consent.ask(request, english)).toBe(false);
    expect(t.printed()).toContain('Command: node notes.js');
    expect(t.printed()).toMatch(/Refused: this terminal does not take input.*start Confab with `npm run web` from a terminal you can type in/);
  });
});
