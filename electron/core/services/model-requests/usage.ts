import type { Usage } from '../../../../shared/domain/chat';

/** Two requests' tokens together (a feature that asks more than once per part); a missing count is the other's. */
export const addedUsage = (a: Usage | null, b: Usage | null): Usage | null =>
  a && b ? { prompt_tokens: a.prompt_tokens + b.prompt_tokens, completion_tokens: a.completion_tokens + b.completion_tokens, total_tokens: a.total_tokens + b.total_tokens } : (a ?? b);
