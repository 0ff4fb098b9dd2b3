import { join } from 'node:path';
import { z } from 'zod';
import { type PermissionRule, type PermissionRuleView, type ToolRule, permissionRuleSchema } from '../../../../shared/contract/permissions';
import type { ConsentGate } from '../consent/consent-memory';
import { createAtomicWriter, readJsonFile } from '../storage/json-file';
import { Problem } from '../../../../shared/domain/problem';

const FILE = 'tool-permissions.json';
const fileSchema = z.object({ version: z.literal(1), rules: z.array(permissionRuleSchema) });

/** A tool's own rule wins over its server's default; with neither, the tool asks. */
export function resolveRule(rules: readonly PermissionRule[], serverId: string, tool: string): ToolRule {
  const own = rules.find((rule) => rule.serverId === serverId && rule.tool === tool);
  const fallback = rules.find((rule) => rule.serverId === serverId && rule.tool === null);
  return own?.rule ?? fallback?.rule ?? 'ask';
}

const same = (a: { serverId: string; tool: string | null }, b: { serverId: string; tool: string | null }) =>
  a.serverId === b.serverId && a.tool === b.tool;

/**
 * The user's tool permission rules, kept by main in `tool-permissions.json` (written
 * atomically). The page may ask for any rule, but "allow" holds only after the user said yes
 * to main's own question; "ask" and "block" take nothing away from the user, so need none.
 */
export async function createToolPermissions(deps: { dir: string; gate: ConsentGate; serverName(serverId: string): string | null }) {
  const path = join(deps.dir, FILE);
  const write = createAtomicWriter(path);
  let rules: PermissionRule[] = (await readJsonFile(path, fileSchema))?.rules ?? [];

  const view = (): PermissionRuleView[] =>
    [...rules]
      .map((rule) => ({ ...rule, serverName: deps.serverName(rule.serverId) }))
      .sort((a, b) => (a.serverName ?? '').localeCompare(b.serverName ?? '') || (a.tool ?? '').localeCompare(b.tool ?? ''));

  async function store(rule: PermissionRule) {
    rules = [...rules.filter((kept) => !same(kept, rule)), rule];
    await write(JSON.stringify({ version: 1, rules }, null, 2));
  }

  /** Asks the user (main's dialog or terminal) before anything runs without asking; true when allowed. */
  async function allow(serverId: string, tool: string | null): Promise<boolean> {
    const serverName = deps.serverName(serverId);
    if (serverName === null) return false;
    if (!(await deps.gate.allowTool({ kind: 'allowTool', serverName, tool }))) return false;
    await store({ serverId, tool, rule: 'allow' });
    return true;
  }

  return {
    list: view,
    ruleFor: (serverId: string, tool: string) => resolveRule(rules, serverId, tool),
    allow,

    async set(rule: PermissionRule): Promise<PermissionRuleView[]> {
      if (deps.serverName(rule.serverId) === null) throw new Problem('mcp.server_gone');
      if (rule.rule === 'allow') {
        if (!(await allow(rule.serverId, rule.tool))) {
          throw new Problem('tools.allow_not_confirmed', { where: deps.gate.where });
        }
      } else {
        await store(rule);
      }
      return view();
    },

    async revoke(target: { serverId: string; tool: string | null }): Promise<PermissionRuleView[]> {
      rules = rules.filter((kept) => !same(kept, target));
      await write(JSON.stringify({ version: 1, rules }, null, 2));
      return view();
    },
  };
}

export type ToolPermissions = Awaited<ReturnType<typeof createToolPermissions>>;
