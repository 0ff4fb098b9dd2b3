import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConsentRequest, describeConsent, refuseAll } from '../../../../electron/core/services/consent/consent';
import { createConsentGate } from '../../../../electron/core/services/consent/consent-memory';
import { wordsIn } from '../../../../electron/core/services/language/language-service';

const english = wordsIn('en');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'confab-consent-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const program = (change: Partial<Extract<ConsentRequest, { kind: 'startProgram' }>> = {}) => ({
  kind: 'startProgram' as const,
  serverName: 'Notes',
  command: 'node',
  args: ['server.js', '--root', 'my notes'],
  envNames: ['NOTES_TOKEN', 'NOTES_DIR'],
  ...change,
});

function answering(...answers: boolean[]) {
  const asked: ConsentRequest[] = [];
  return { asked, consent: { where: 'terminal' as const, ask: async (request: ConsentRequest) => (asked.push(request), answers.shift() ?? false) } };
}

describe('the consent gate for programs', () => {
  it('asks once, remembers a yes in the data folder, and does not ask again for the same program after a restart', async () => {
    const first = answering(true);
    const gate = await createConsentGate({ dir, consent: first.consent });
    expect(await gate.startProgram(program())).toBe(true);
    expect(first.asked).toEqual([program()]);
    const stored = JSON.parse(await readFile(join(dir, 'consents.json'), 'utf8'));
    // Only a digest is kept: no command, no names.
    expect(stored).toEqual({ version: 1, programs: [expect.stringMatching(/^[0-9a-f]{64}$/)] });

    const later = answering();
    const restarted = await createConsentGate({ dir, consent: later.consent });
    expect(restarted.known(program({ serverName: 'Renamed', envNames: ['NOTES_DIR', 'NOTES_TOKEN'] }))).toBe(true);
    expect(await restarted.startProgram(program())).toBe(true);
    expect(later.asked).toEqual([]);
  });

  it('asks again when the command, an argument or a variable name changes', async () => {
    const { asked, consent } = answering(true, true, true, true);
    const gate = await createConsentGate({ dir, consent });
    await gate.startProgram(program());
    for (const changed of [program({ command: 'python3' }), program({ args: ['server.js', '--root', 'other'] }), program({ envNames: ['NOTES_TOKEN', 'HOME'] })]) {
      expect(gate.known(changed)).toBe(false);
      expect(await gate.startProgram(changed)).toBe(true);
    }
    expect(asked).toHaveLength(4);
  });

  it('remembers nothing after a no, and asks again next time', async () => {
    const { asked, consent } = answering(false, true);
    const gate = await createConsentGate({ dir, consent });
    expect(await gate.startProgram(program())).toBe(false);
    expect(gate.known(program())).toBe(false);
    expect(await gate.startProgram(program())).toBe(true);
    expect(asked).toHaveLength(2);
  });

  it('forgets a yes on request (a variable got a new value), in the file too', async () => {
    const { asked, consent } = answering(true, true);
    const gate = await createConsentGate({ dir, consent });
    await gate.startProgram(program());
    await gate.forget(program());
    expect(gate.known(program())).toBe(false);
    expect((await createConsentGate({ dir, consent: refuseAll })).known(program())).toBe(false);
    expect(await gate.startProgram(program())).toBe(true);
    expect(asked).toHaveLength(2);
  });

  it('asks once for concurrent starts of the same program', async () => {
    let answer!: (yes: boolean) => void;
    let asked = 0;
    const gate = await createConsentGate({ dir, consent: { where: 'terminal', ask: () => (asked++, new Promise((resolve) => (answer = resolve))) } });
    const both = Promise.all([gate.startProgram(program()), gate.startProgram(program())]);
    await expect.poll(() => asked).toBe(1);
    answer(true);
    expect(await both).toEqual([true, true]);
  });

  it('treats a consent that fails to ask as a no, and refuses everything without one', async () => {
    const broken = await createConsentGate({ dir, consent: { where: 'dialog', ask: async () => Promise.reject(new Error('no display')) } });
    expect(await broken.startProgram(program())).toBe(false);
    expect(await broken.allowTool({ kind: 'allowTool', serverName: 'Notes', tool: 'read' })).toBe(false);
    const nobody = await createConsentGate({ dir, consent: refuseAll });
    expect(await nobody.startProgram(program())).toBe(false);
  });

  it('asks every time a tool is to be always allowed (nothing remembered)', async () => {
    const { asked, consent } = answering(true, true);
    const gate = await createConsentGate({ dir, consent });
    await gate.allowTool({ kind: 'allowTool', serverName: 'Notes', tool: 'read' });
    await gate.allowTool({ kind: 'allowTool', serverName: 'Notes', tool: 'read' });
    expect(asked).toHaveLength(2);
  });
});

describe('the question', () => {
  it('names the exact command, quoted as it runs, and the variable names but never values', () => {
    const { message, detail } = describeConsent(program(), english);
    expect(message).toContain('"Notes"');
    expect(detail).toContain("Command: node server.js --root 'my notes'");
    expect(detail).toContain('Environment variables (values hidden): NOTES_TOKEN, NOTES_DIR');
  });

  it('says what always allowing a tool or a whole server means', () => {
    expect(describeConsent({ kind: 'allowTool', serverName: 'Notes', tool: 'read' }, english).message).toBe('Allow the tool "read" of "Notes" to run without asking each time?');
    expect(describeConsent({ kind: 'allowTool', serverName: 'Notes', tool: null }, english).message).toBe('Allow every tool of "Notes" to run without asking each time?');
  });
});
