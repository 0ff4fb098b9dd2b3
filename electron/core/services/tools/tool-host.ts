import type { ServiceFailure } from '../../../../shared/domain/service-failure';

/** What a tool call gave back: its text content, and whether the tool reported an error. */
export interface ToolResult {
  isError: boolean;
  text: string;
}

/** A tool the chat can offer the model, ready to be called. */
export interface OfferedTool {
  /** `serverId/toolName`. */
  key: string;
  serverId: string;
  serverName: string;
  name: string;
  description: string | null;
  /** The tool's JSON Schema for its arguments, as the server declared it. */
  inputSchema: Record<string, unknown>;
  call(args: Record<string, unknown>, signal: AbortSignal): Promise<ToolResult>;
}

export type OfferOutcome = { ok: true; tools: OfferedTool[] } | { ok: false; failure: ServiceFailure };

/** Where the chat gets its tools: the MCP host in the app, a stand-in in tests. */
export interface ToolHost {
  /** Connects the servers the keys name (retrying failed ones) and describes each tool. */
  offer(keys: readonly string[]): Promise<OfferOutcome>;
}
