import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsentRequest } from '../../../../electron/core/services/consent/consent';
import { createConsentGate } from '../../../../electron/core/services/consent/consent-memory';
import { createToolPermissions, resolveRule } from '../../../../electron/core/services/tools/permission-rules';
import { applyToolRules } from '../../../../electron/core/services/tools/tool-rules';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'confab-rules-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function rulesWith(answer: boolean) {
  const asked: ConsentRequest[] = [];
  const gate = await createConsentGate({ dir, consent: { where: 'terminal', ask: async (request) => (asked.push(request), answer) } });
  const names: Record<string, string> = { service: 'Service', notes: 'Notes' };
  return { asked, rules: await createToolPermissions({ dir, gate, serverName: (id) => names[id] ?? null }) };
}

describe('rule precedence', () => {
  it("asks by default; a server's default applies to its tools; a tool's own rule wins over it", () => {
    expect(resolveRule([], 'notes', 'read')).toBe('ask');
    const rules = [
      { serverId: 'notes', tool: null, rule: 'block' as const },
      { serverId: 'notes', tool: 'read', rule: 'allow' as const },
      { serverId: 'service', tool: 'get_weather', rule: 'block' as const },
    ];
    expect(resolveRule(rules, 'notes', 'read')).toBe('allow');
    expect(resolveRule(rules, 'notes', 'write')).toBe('block');
    expect(resolveRule(rules, 'service', 'get_weather')).toBe('block');
    expect(resolveRule(rules, 'service', 'add_numbers')).toBe('ask');
    expect(resolveRule([{ serverId: 'notes', tool: null, rule: 'allow' }, { serverId: 'notes', tool: 'write', rule: 'ask' }], 'notes', 'write')).toBe('ask');
  });
});

describe('the rule store', () => {
  it('sets ask and block without asking, allow only after consent, and keeps them across restarts', async () => {
    const { asked, rules } = await rulesWith(true);
    await rules.set({ serverId: 'notes', tool: null, rule: 'block' });
    await rules.set({ serverId: 'notes', tool: 'write', rule: 'ask' });
    expect(asked).toEqual([]);
    await rules.set({ serverId: 'notes', tool: 'read', rule: 'allow' });
    expect(asked).toEqual([{ kind: 'allowTool', serverName: 'Notes', tool: 'read' }]);

    const { rules: restarted } = await rulesWith(false);
    expect(restarted.list()).toEqual([
      { serverId: 'notes', serverName: 'Notes', tool: null, rule: 'block' },
      { serverId: 'notes', serverName: 'Notes', tool: 'read', rule: 'allow' },
      { serverId: 'notes', serverName: 'Notes', tool: 'write', rule: 'ask' },
    ]);
    expect(restarted.ruleFor('notes', 'read')).toBe('allow');
    // Revoking a tool's rule falls back to the server's default.
    await restarted.revoke({ serverId: 'notes', tool: 'read' });
    expect(restarted.ruleFor('notes', 'read')).toBe('block');
  });

  it('refuses an allow the user did not confirm, changing nothing', async () => {
    const { rules } = await rulesWith(false);
    await rules.set({ serverId: 'notes', tool: 'read', rule: 'block' });
    await expect(rules.set({ serverId: 'notes', tool: 'read', rule: 'allow' })).rejects.toMatchObject({ code: 'tools.allow_not_confirmed', values: { where: 'terminal' } });
    expect(rules.ruleFor('notes', 'read')).toBe('block');
    expect(await rules.allow('notes', 'read')).toBe(false);
  });

  it('refuses rules for a server that does not exist', async () => {
    const { asked, rules } = await rulesWith(true);
    await expect(rules.set({ serverId: 'gone', tool: 'x', rule: 'block' })).rejects.toMatchObject({ code: 'mcp.server_gone' });
    expect(await rules.allow('gone', 'x')).toBe(false);
    expect(asked).toEqual([]);
  });
});

describe('blocked tools in a request', () => {
  const input = { model: 'pro', temperature: null, maxTokens: null, stream: true, messages: [{ role: 'user' as const, content: 'Hi' }] };
  const rules = { ruleFor: (_serverId: string, tool: string) => (tool === 'write' ? ('block' as const) : ('ask' as const)), allow: async () => false };

  it('leaves them out, turns a forced choice of one into auto, and tells the model', () => {
    const { input: ruled, note } = applyToolRules({ ...input, tools: ['notes/read', 'notes/write'], toolChoice: { tool: 'notes/write' } }, rules);
    expect(ruled.tools).toEqual(['notes/read']);
    expect(ruled.toolChoice).toBe('auto');
    expect(note).toEqual([{ role: 'system', content: expect.stringContaining('blocked these tools, so they are not available: write') }]);
  });

  it('changes nothing when none is blocked', () => {
    const request = { ...input, tools: ['notes/read'], toolChoice: 'required' as const };
    expect(applyToolRules(request, rules)).toEqual({ input: request, note: [] });
  });
});
