import { create } from 'zustand';
import type { McpServerInput, McpServerView, McpTool } from '../../shared/contract/mcp';
import { api } from '../api';
import { errorText } from '../../shared/domain/error-text';
import { problemText } from '../common/problem-text';

interface McpState {
  /** null until main has answered the first time. */
  servers: McpServerView[] | null;
  /** Why the list could not be read, in words. */
  problem: string | null;
  /** Server ids whose reconnect is under way. */
  reconnecting: string[];
  /**
   * Starts following main's servers (once for the app's life; later calls only refresh).
   * `onConnectionChange` is settings' signal that the key, base URL or MCP address changed
   * (passed in: settings' screen shows these servers, so importing settings here would be a cycle).
   */
  watch(onConnectionChange: (listener: () => void) => unknown): void;
  /**
   * Asks main for the list, which is also what makes main connect servers whose address, key
   * or secrets changed since their last attempt (the watch alone does not start that).
   */
  refresh(): void;
  /** These reject with main's reason, so the form keeps what was typed and says why. */
  add(input: McpServerInput): Promise<McpServerView>;
  update(id: string, input: McpServerInput): Promise<McpServerView>;
  remove(id: string): Promise<void>;
  reconnect(id: string): Promise<void>;
}

/** The one store of the MCP servers: main's list, kept current by its `watch` stream. */
export const useMcp = create<McpState>((set, get) => {
  let watching = false;
  /** Replaces one server in the list with the view main answered, until the watch says more. */
  const put = (server: McpServerView) =>
    set((s) => ({
      servers: s.servers?.some((x) => x.id === server.id)
        ? s.servers.map((x) => (x.id === server.id ? server : x))
        : [...(s.servers ?? []), server],
    }));

  return {
    servers: null,
    problem: null,
    reconnecting: [],

    watch(onConnectionChange) {
      if (watching) return get().refresh();
      watching = true;
      // Every watch stream carries the whole list, so any message is the latest state.
      api.mcp.watch.subscribe(({ event }) => set({ servers: event.servers, problem: null }));
      api.mcp.watch.start(undefined).catch((error: unknown) => {
        watching = false;
        set({ problem: `The tool servers could not be listed: ${errorText(error)}` });
      });
      // A new key, base URL or MCP address is what the service's server connects with.
      onConnectionChange(() => get().refresh());
      get().refresh();
    },
    refresh() {
      api.mcp.list(undefined).then(
        (servers) => set({ servers, problem: null }),
        (error: unknown) => set({ problem: `The tool servers could not be listed: ${errorText(error)}` }),
      );
    },
    async add(input) {
      const server = await api.mcp.add(input);
      put(server);
      return server;
    },
    async update(id, input) {
      const server = await api.mcp.update({ ...input, id });
      put(server);
      return server;
    },
    async remove(id) {
      await api.mcp.remove({ id });
      set((s) => ({ servers: s.servers?.filter((x) => x.id !== id) ?? null }));
    },
    async reconnect(id) {
      set((s) => ({ reconnecting: [...s.reconnecting, id] }));
      try {
        put(await api.mcp.reconnect({ id }));
      } catch (error) {
        set({ problem: `${get().servers?.find((x) => x.id === id)?.name ?? 'The server'} could not reconnect: ${problemText(error)}` });
      } finally {
        set((s) => ({ reconnecting: s.reconnecting.filter((x) => x !== id) }));
      }
    },
  };
});

/** The tools of a connected server; none otherwise. */
export const toolsOf = (server: McpServerView): McpTool[] => (server.status.state === 'connected' ? server.status.tools : []);

/** A tool's name for people: its title when it has one. */
export const toolLabel = (tool: McpTool) => tool.title || tool.name;

/** Every tool key any server currently offers, with its tool and server (for names in chat). */
export function toolIndex(servers: readonly McpServerView[] | null): Map<string, { tool: McpTool; server: McpServerView }> {
  const index = new Map<string, { tool: McpTool; server: McpServerView }>();
  for (const server of servers ?? []) for (const tool of toolsOf(server)) index.set(tool.key, { tool, server });
  return index;
}
