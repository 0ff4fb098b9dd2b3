import type { ConnectionOutcome } from '../../shared/contract/settings';
import type { ServiceFailure } from '../../shared/domain/service-failure';
import { failureFromNetworkError, failureFromResponse, notConfigured } from './service-failure';

export interface ServiceClientDeps {
  fetch: typeof fetch;
  /** Read on every request, so a replaced key or base URL applies at once. */
  baseUrl(): string;
  apiKey(): Promise<string | null>;
}

export type ServiceResult = { ok: true; response: Response } | { ok: false; failure: ServiceFailure };

/** Joins a path under the versioned base URL, whether or not it ends with a slash. */
export function endpoint(baseUrl: string, path: string): string {
  return new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).toString();
}

/**
 * Every HTTP call to the service goes through here: it adds the Bearer key (none when no
 * key is stored, so the server itself reports missing_api_key) and turns every failure
 * into a ServiceFailure.
 */
export function createServiceClient(deps: ServiceClientDeps) {
  async function post(
    path: string,
    body: NonNullable<RequestInit['body']>,
    init: { contentType?: string; signal?: AbortSignal } = {},
  ): Promise<ServiceResult> {
    const baseUrl = deps.baseUrl();
    if (!baseUrl) return { ok: false, failure: notConfigured('Set the service base URL in Settings first.') };
    const url = endpoint(baseUrl, path);
    const headers: Record<string, string> = {};
    const key = await deps.apiKey();
    if (key) headers.Authorization = `Bearer ${key}`;
    if (init.contentType) headers['Content-Type'] = init.contentType;
    let response: Response;
    try {
      // A stream body (a file upload) is sent as it is read; fetch requires saying so.
      const duplex = body instanceof ReadableStream ? { duplex: 'half' as const } : {};
      response = await deps.fetch(url, { method: 'POST', headers, body, signal: init.signal, ...duplex });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      return { ok: false, failure: failureFromNetworkError(error, url) };
    }
    if (!response.ok) return { ok: false, failure: await failureFromResponse(response) };
    return { ok: true, response };
  }

  const postJson = (path: string, body: unknown, signal?: AbortSignal) =>
    post(path, JSON.stringify(body), { contentType: 'application/json', signal });

  return {
    post,
    postJson,
    /** Where a request would go, for messages that name the host. */
    url: (path: string) => endpoint(deps.baseUrl(), path),

    /** The smallest authenticated request the seed offers: a one-token completion on `default`. */
    async testConnection(): Promise<ConnectionOutcome> {
      const started = performance.now();
      const result = await postJson('chat/completions', {
        model: 'default',
        messages: [{ role: 'user', content: 'ping' }],
        max_tokens: 1,
      });
      if (!result.ok) return result;
      const body = (await result.response.json().catch(() => ({}))) as { model?: unknown };
      return {
        ok: true,
        model: typeof body.model === 'string' ? body.model : 'default',
        latencyMs: Math.round(performance.now() - started),
      };
    },
  };
}

export type ServiceClient = ReturnType<typeof createServiceClient>;
