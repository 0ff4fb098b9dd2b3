/**
 * The seed leaves every error but 401 "not shown"; the convention answers a request over the
 * model's context with a 400 (`context_length_exceeded`, "maximum context length is … tokens")
 * and proxies with a 413. Either, naming the context or tokens, means "send less"; any other
 * 400 is the service's own complaint, shown in its words.
 */
const TOO_LONG_WORDS = /\b(context|tokens?)\b/i;

export const isTooLong = (failure: { status: number | null; code: string | null; message: string | null }): boolean =>
  (failure.status === 400 || failure.status === 413) && TOO_LONG_WORDS.test(`${failure.code ?? ''} ${failure.message ?? ''}`.replaceAll('_', ' '));
