import type { Contract } from '../../../shared/contract';
import type { Handlers } from '../router';
import type { McpHost } from '../services/mcp/mcp-host';
import { log } from '../log';

export function mcpHandlers(deps: { mcp: McpHost }): Handlers<Contract>['mcp'] {
  const { mcp } = deps;
  return {
    list: () => mcp.list(),
    add: (input) => mcp.add(input),
    update: ({ id, ...input }) => mcp.update(id, input),
    remove: ({ id }) => mcp.remove(id),
    reconnect: ({ id }) => mcp.reconnect(id),
    watch: async (_input, ctx) => {
      // Snapshots go out one at a time, in order, so an older one never overtakes a newer one.
      let sending = Promise.resolve();
      const send = (servers: () => ReturnType<McpHost['snapshot']>) => {
        sending = sending.then(async () => ctx.emit({ servers: await servers() })).catch((error: unknown) => log.error('MCP watch:', error));
      };
      send(mcp.list);
      const unsubscribe = mcp.subscribe(() => send(mcp.snapshot));
      if (!ctx.signal.aborted) await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }));
      unsubscribe();
      await sending;
    },
  };
}
