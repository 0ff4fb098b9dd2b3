import type { McpServerInput, McpServerStatus } from '../../../../shared/contract/mcp';
import type { ConsentGate } from '../consent/consent-memory';
import type { McpTarget } from './connection';

/**
 * Whether a server may start now. A local server runs a program, so its command, arguments
 * and variable names need the user's yes, asked by main (never the page); what they allowed
 * once starts again without asking, any change asks again. While asking, the server's
 * status says where to answer; a no leaves it failed, saying why. HTTP servers run nothing.
 */
export async function mayStart(
  gate: ConsentGate,
  serverName: string,
  how: McpTarget,
  report: { current(): boolean; set(status: McpServerStatus): void },
): Promise<boolean> {
  if (how.type !== 'stdio') return true;
  const request = { kind: 'startProgram' as const, serverName, command: how.command, args: how.args, envNames: Object.keys(how.env) };
  if (gate.known(request)) return true;
  report.set({ state: 'awaitingConsent', notice: { code: 'mcp.awaiting_consent', values: { where: gate.where } } });
  const allowed = await gate.startProgram(request);
  if (!report.current()) return false;
  if (!allowed) {
    report.set({
      state: 'failed',
      problem: {
        reason: 'refused',
        why: { code: 'mcp.not_allowed', values: { command: how.command, where: gate.where } },
        output: null,
        status: null,
        code: null,
        host: null,
      },
    });
  }
  return allowed;
}

/** A new value for any variable of a local server means asking again before its next start. */
export async function forgetOnNewValues(gate: ConsentGate, input: McpServerInput): Promise<void> {
  const { transport } = input;
  if (transport.type !== 'stdio' || !transport.env.some((entry) => entry.value !== undefined)) return;
  await gate.forget({ kind: 'startProgram', serverName: input.name, command: transport.command, args: transport.args, envNames: transport.env.map((entry) => entry.name) });
}
