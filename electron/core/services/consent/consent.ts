/**
 * What only the user, asked by main, may allow: the page is treated as hostile, so none of
 * these can be granted by a call from it. Electron asks with a native dialog; the browser
 * harness, which has no dialog the page cannot imitate, asks in the terminal that started it.
 */
export type ConsentRequest =
  | {
      kind: 'startProgram';
      /** The MCP server's name, as the user gave it. */
      serverName: string;
      command: string;
      args: string[];
      /** Names only: the values are secrets and never shown. */
      envNames: string[];
    }
  | {
      kind: 'allowTool';
      serverName: string;
      /** null: every tool of the server without a rule of its own. */
      tool: string | null;
    };

export interface Consent {
  /** Where the question appears, for the status shown while waiting: "a dialog", "Confab's terminal". */
  readonly where: string;
  /** Resolves true only when the user said yes; any failure to ask is a no. */
  ask(request: ConsentRequest): Promise<boolean>;
}

/** Used where nobody can be asked (tests that do not inject one): every request is refused. */
export const refuseAll: Consent = { where: 'nowhere', ask: async () => false };

/** Shell-like quoting, so what the user confirms is exactly what will run, spaces and all. */
const quote = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);

/** The question in words, the same for the dialog and the terminal. */
export function describeConsent(request: ConsentRequest): { title: string; message: string; detail: string } {
  if (request.kind === 'startProgram') {
    const env = request.envNames.length > 0 ? request.envNames.join(', ') : 'none';
    return {
      title: 'Run a program on this computer?',
      message: `The MCP server "${request.serverName}" wants Confab to run a program on this computer.`,
      detail:
        `Command: ${[request.command, ...request.args].map(quote).join(' ')}\n` +
        `Environment variables (values hidden): ${env}\n\n` +
        'It will run with your permissions. Allow it only if you trust this command. ' +
        'Confab asks again whenever the command, its arguments or its variables change.',
    };
  }
  const what = request.tool === null ? `every tool of "${request.serverName}"` : `the tool "${request.tool}" of "${request.serverName}"`;
  return {
    title: 'Always allow a tool?',
    message: `Allow ${what} to run without asking each time?`,
    detail: 'The model will be able to call it in any conversation without your approval. You can change this in Settings, Tool permissions.',
  };
}
