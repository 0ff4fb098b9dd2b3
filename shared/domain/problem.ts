import { z } from 'zod';

/**
 * A refusal or failure as main reports it: a code and the values it names (a file, a size, a
 * limit), never a sentence. The page words it in the user's language: the code is a key of the
 * `errors` namespace and the values fill its placeholders, so every code main throws has words
 * there (tests/unit/shared/i18n/problems.test.ts).
 */
export const problemValuesSchema = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
export const problemSchema = z.object({ code: z.string(), values: problemValuesSchema });

export type ProblemValues = z.infer<typeof problemValuesSchema>;
export type ProblemData = z.infer<typeof problemSchema>;

/** Thrown by main where the user is told why; the router sends `code` and `values` to the page. */
export class Problem extends Error {
  readonly code: string;
  readonly values: ProblemValues;
  constructor(code: string, values: ProblemValues = {}) {
    // The message is for main's log, which stays in English.
    super(`${code}${Object.keys(values).length ? ` ${JSON.stringify(values)}` : ''}`);
    this.name = 'Problem';
    this.code = code;
    this.values = values;
  }
}

/** The problem a thrown value carries: its own, or null for an error nobody worded (a bug, a system fault). */
export const problemOf = (error: unknown): ProblemData | null =>
  error instanceof Problem ? { code: error.code, values: error.values } : null;

/**
 * The problem a schema check names: a custom zod issue carries it in `params` (see
 * shared/contract/settings.ts), so main's refusal of a payload and the page's own check before
 * sending are worded the same way, from the code.
 */
export function problemOfIssue(issue: { code: string; params?: unknown } | undefined): ProblemData | null {
  const params = issue?.code === 'custom' ? (issue.params as { problem?: unknown; values?: unknown } | undefined) : undefined;
  const found = problemSchema.safeParse({ code: params?.problem, values: params?.values ?? {} });
  return found.success ? found.data : null;
}

/** A custom zod issue that carries its problem (read back with problemOfIssue). */
export const issueOf = (code: string, values: ProblemValues = {}) => ({ code: 'custom' as const, message: code, params: { problem: code, values } });
