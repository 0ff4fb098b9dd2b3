/**
 * The seed leaves every error but 401 "not shown"; the convention answers a request over the
 * model's context with a 400 (`context_length_exceeded`, "This model's maximum context length is
 * … tokens. However, your messages resulted in … tokens") and proxies with a 413. Those words, and
 * the few other services' ways of saying the input is over the context, mean "send less". A
 * complaint that merely names tokens (`max_tokens` unsupported or too large, an invalid token) is
 * the service's own, shown in its words: splitting the input would not help it.
 */
const TOO_LONG_WORDS = [
  // context_length_exceeded, "context length", "context window", llama.cpp's exceed_context_size_error
  /context[ _-]?(length|window|size)/i,
  /maximum context/i,
  /too many (input |prompt )?tokens/i,
  /\b(prompt|input|messages?) (is |are )?too long/i,
  /\b(prompt|input) tokens?( count)?( \(\d+\))? exceeds?/i,
];

export const isTooLong = (failure: { status: number | null; code: string | null; message: string | null }): boolean =>
  (failure.status === 400 || failure.status === 413) && TOO_LONG_WORDS.some((words) => words.test(`${failure.code ?? ''} ${failure.message ?? ''}`));
