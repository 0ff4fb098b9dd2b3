import { createHash } from 'node:crypto';
import { type McpProblem, type McpServerInput, type McpServerStatus, SERVICE_SERVER_ID } from '../../../../shared/contract/mcp';
import { toolKey } from '../../../../shared/domain/chat';
import { notConfigured } from '../net/service-failure';
import type { OfferOutcome, OfferedTool } from '../tools/tool-host';
import { type McpConnection, type McpTarget, connectMcp } from './connection';
import type { ConsentGate } from '../consent/consent-memory';
import { failureOfProblem } from './mcp-failure';
import { forgetOnNewValues, mayStart } from './program-consent';
import type { ServerConfigs } from './server-configs';
import { type ServiceServer, targetOf, withoutKey } from './server-target';
import { type Server, serverView } from './server-view';
import { log } from '../../log';
import { Problem } from '../../../../shared/domain/problem';

interface Entry {
  status: McpServerStatus;
  connection: McpConnection | null;
  /** A digest of what the latest attempt used: a changed address, key or secret means reconnecting. */
  signature: string | null;
  attempt: Promise<void>;
  /** Raised by every attempt, removal and close, so the result of an older attempt is dropped. */
  generation: number;
}

export interface McpHostDeps {
  configs: ServerConfigs;
  /** The service's own server. */
  service: ServiceServer;
  fetch: typeof fetch;
  /** Asks the user, from main, before a local server's command runs. */
  consent: ConsentGate;
}

/**
 * Main's MCP client side: one connection per server (the service's own, and those the user
 * added), each server's status for the renderer, and the tools a chat offers the model.
 * Servers connect when first listed or used, never at start, so a slow local server costs
 * nothing until it is needed.
 */
export function createMcpHost(deps: McpHostDeps) {
  const entries = new Map<string, Entry>();
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  const servers = (): Server[] => [
    { id: SERVICE_SERVER_ID, name: 'Service', stored: null },
    ...deps.configs.all().map((stored) => ({ id: stored.id, name: stored.name, stored })),
  ];
  const find = (id: string) => {
    const server = servers().find((candidate) => candidate.id === id);
    if (!server) throw new Problem('mcp.server_gone');
    return server;
  };
  const entry = (id: string): Entry => {
    if (!entries.has(id)) {
      entries.set(id, { status: { state: 'connecting' }, connection: null, signature: null, attempt: Promise.resolve(), generation: 0 });
    }
    return entries.get(id)!;
  };
  const set = (target: Entry, status: McpServerStatus) => {
    target.status = status;
    notify();
  };
  /** Forgets a server's connection, and any attempt under way; resolves once it is closed. */
  const drop = (target: Entry) => {
    target.generation++;
    const closing = target.connection?.close().catch(() => undefined);
    target.connection = null;
    return closing;
  };

  function connect(server: Server, target: Entry, how: McpTarget): Promise<void> {
    void drop(target);
    const generation = target.generation;
    const current = () => target.generation === generation;
    set(target, { state: 'connecting' });
    const onClosed = (problem: McpProblem) => {
      if (!current()) return;
      target.connection = null;
      set(target, { state: 'failed', problem });
    };
    target.attempt = (async () => {
      if (!(await mayStart(deps.consent, server.name, how, { current, set: (status) => set(target, status) }))) return;
      const result = await connectMcp(how, { fetch: deps.fetch, onClosed });
      if (!result.ok) return current() ? set(target, { state: 'failed', problem: withoutKey(server, how, result.problem) }) : undefined;
      // Superseded (a newer attempt, a removal, closing): this connection is not wanted.
      if (!current()) return result.connection.close();
      target.connection = result.connection;
      const tools = result.connection.tools.map((tool) => ({
        key: toolKey(server.id, tool.name),
        name: tool.name,
        title: tool.title ?? tool.annotations?.title ?? null,
        description: tool.description ?? null,
        inputSchema: tool.inputSchema,
      }));
      set(target, { state: 'connected', tools });
    })().catch((error: unknown) => log.error('MCP connection attempt failed:', error));
    return target.attempt;
  }

  /**
   * Starts connecting where needed and hands back the attempt, once the status says so.
   * lazy: what was never tried or has changed (address, key, secrets); retry: also what failed; force: always.
   */
  async function start(server: Server, mode: 'lazy' | 'retry' | 'force'): Promise<{ attempt: Promise<void> }> {
    const target = entry(server.id);
    const found = await targetOf(server, deps);
    const signature = createHash('sha256').update(JSON.stringify(found)).digest('hex');
    const unchanged = signature === target.signature;
    if (unchanged && (mode === 'lazy' || (mode === 'retry' && target.status.state !== 'failed'))) return { attempt: target.attempt };
    target.signature = signature;
    if (found.ok) return { attempt: connect(server, target, found.target) };
    void drop(target);
    set(target, { state: 'failed', problem: found.problem });
    return { attempt: Promise.resolve() };
  }
  const ensure = async (server: Server, mode: 'lazy' | 'retry' | 'force') => (await start(server, mode)).attempt;

  const view = (server: Server) => serverView(server, entry(server.id).status, deps);
  const snapshot = () => Promise.all(servers().map(view));

  async function offer(keys: readonly string[]): Promise<OfferOutcome> {
    const tools: OfferedTool[] = [];
    for (const key of keys) {
      const [serverId, name] = [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)];
      const server = servers().find((candidate) => candidate.id === serverId);
      if (!server) return { ok: false, failure: notConfigured('tool_server_removed', { tool: name }) };
      await ensure(server, 'retry');
      const { status, connection } = entry(serverId);
      if (status.state === 'failed') return { ok: false, failure: failureOfProblem(server.name, status.problem) };
      // Another attempt may have begun meanwhile (the user pressed Reconnect).
      if (!connection) return { ok: false, failure: notConfigured('tool_server_connecting', { server: server.name }) };
      const tool = connection.tools.find((candidate) => candidate.name === name);
      if (!tool) return { ok: false, failure: notConfigured('tool_missing', { server: server.name, tool: name }) };
      tools.push({
        key,
        serverId,
        serverName: server.name,
        name,
        description: tool.description ?? tool.title ?? null,
        inputSchema: tool.inputSchema,
        // The server's connection at call time: a reconnect in between must not leave a closed one.
        call: (args, signal) => {
          const live = entry(serverId).connection;
          // Caught by the tool call and told to the model (not the user), so it stays in English.
          if (!live) throw new Error(`"${server.name}" is not connected.`);
          return live.call(name, args, signal);
        },
      });
    }
    return { ok: true, tools };
  }

  return {
    offer,
    /** Every server with its status; starts connecting those never tried or changed (Settings, key). */
    async list() {
      await Promise.all(servers().map((server) => start(server, 'lazy')));
      return snapshot();
    },
    snapshot,
    async add(input: McpServerInput) {
      await forgetOnNewValues(deps.consent, input);
      const stored = await deps.configs.add(input);
      const server = find(stored.id);
      await ensure(server, 'force');
      return view(server);
    },
    async update(id: string, input: McpServerInput) {
      if (id === SERVICE_SERVER_ID) throw new Problem('mcp.service_server_in_settings');
      await forgetOnNewValues(deps.consent, input);
      await deps.configs.update(id, input);
      const server = find(id);
      await ensure(server, 'force');
      return view(server);
    },
    async remove(id: string) {
      if (id === SERVICE_SERVER_ID) throw new Problem('mcp.service_server_kept');
      await deps.configs.remove(id);
      const removed = entries.get(id);
      if (removed) void drop(removed);
      entries.delete(id);
      notify();
    },
    async reconnect(id: string) {
      const server = find(id);
      await ensure(server, 'force');
      return view(server);
    },
    /** Calls `listener` after every change of any server's status or settings. */
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Closes every connection (ending local servers' processes), waiting for attempts under way. */
    async close() {
      listeners.clear();
      const closing = [...entries.values()].flatMap((closed) => [drop(closed), closed.attempt]);
      entries.clear();
      await Promise.all(closing);
    },
  };
}

export type McpHost = ReturnType<typeof createMcpHost>;
