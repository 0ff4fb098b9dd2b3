import type { MainWords } from '../language/language-service';

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

/** Where main asks: a native dialog (Electron) or the terminal that started the browser harness. The page words it. */
export type ConsentPlace = 'dialog' | 'terminal';

export interface Consent {
  /** Where the question appears, for the status shown while waiting. */
  readonly where: ConsentPlace;
  /** Resolves true only when the user said yes; any failure to ask is a no. Asked in the UI language `t` speaks. */
  ask(request: ConsentRequest, t: MainWords): Promise<boolean>;
}

/** Used where nobody can be asked (tests that do not inject one): every request is refused. */
export const refuseAll: Consent = { where: 'dialog', ask: async () => false };

/** Shell-like quoting, so what the user confirms is exactly what will run, spaces and all. */
const quote = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);

/** The question in the UI language, the same for the dialog and the terminal. */
export function describeConsent(request: ConsentRequest, t: MainWords): { title: string; message: string; detail: string } {
  if (request.kind === 'startProgram') {
    return {
      title: t('consent.program.title'),
      message: t('consent.program.message', { server: request.serverName }),
      detail: t('consent.program.detail', {
        command: [request.command, ...request.args].map(quote).join(' '),
        // Names of variables are code, listed as a shell would show them, in any language.
        variables: request.envNames.length > 0 ? request.envNames.join(', ') : t('consent.program.noVariables'),
      }),
    };
  }
  return {
    title: t('consent.tool.title'),
    message:
      request.tool === null
        ? t('consent.tool.every', { server: request.serverName })
        : t('consent.tool.one', { tool: request.tool, server: request.serverName }),
    detail: t('consent.tool.detail'),
  };
}
