import type { ConnectionOutcome } from '../../../../shared/contract/settings';
import type { ServiceFailure } from '../../../../shared/domain/service-failure';
import { BodyError, readWholeText } from './body';
import { DEFAULT_LIMITS, type TransportLimits } from './limits';
import { send } from './transport';
import { bodyFailure, failureFromResponse, notConfigured } from './service-failure';

export interface ServiceClientDeps {
  fetch: typeof fetch;
  /** Read on every request, so a replaced key or base URL applies at once. */
  baseUrl(): string;
  /** The key for a request to `url`: main gives one only for the origin it was saved for. */
  apiKey(url: string): Promise<string | null>;
  /** The profile a request is sent with, named on a plan refusal (the page offers to set it to Free). */
  profileId?(): string;
  /** Caps and timeouts; tests shrink them. */
  limits?: Partial<TransportLimits>;
}

export type ServiceResult = { ok: true; response: Response; url: string } | { ok: false; failure: ServiceFailure };

/** Joins a path under the versioned base URL, whether or not it ends with a slash. */
export function endpoint(baseUrl: string, path: string): string {
  return new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).toString();
}

const isUpload = (body: RequestInit['body']) => body instanceof ReadableStream || body instanceof FormData;

/**
 * Every HTTP call to the service goes through here: it adds the Bearer key (none when no
 * key is stored, so the server itself reports missing_api_key), applies the transport rules
 * (net/transport.ts) and turns every failure into a ServiceFailure.
 */
export function createServiceClient(deps: ServiceClientDeps) {
  const limits: TransportLimits = { ...DEFAULT_LIMITS, ...deps.limits };

  async function post(
    path: string,
    body: NonNullable<RequestInit['body']>,
    init: { contentType?: string; signal?: AbortSignal } = {},
  ): Promise<ServiceResult> {
    const baseUrl = deps.baseUrl();
    if (!baseUrl) return { ok: false, failure: notConfigured('no_base_url') };
    const url = endpoint(baseUrl, path);
    const profileId = deps.profileId?.();
    const headers: Record<string, string> = {};
    const key = await deps.apiKey(url);
    if (key) headers.Authorization = `Bearer ${key}`;
    if (init.contentType) headers['Content-Type'] = init.contentType;
    const headersTimeoutMs = isUpload(body) ? limits.uploadHeadersTimeoutMs : limits.headersTimeoutMs;
    const sent = await send({ fetch: deps.fetch, limits }, url, { method: 'POST', headers, body, signal: init.signal, headersTimeoutMs });
    if (!sent.ok) return sent;
    if (sent.response.ok) return sent;
    const failure = await failureFromResponse(sent.response, sent.url, limits.maxErrorBodyBytes);
    return { ok: false, failure: failure.kind === 'plan' && profileId ? { ...failure, profileId } : failure };
  }

  const postJson = (path: string, body: unknown, signal?: AbortSignal) =>
    post(path, JSON.stringify(body), { contentType: 'application/json', signal });

  /** A whole answer as text, within the size cap and the idle timeout (throws BodyError). */
  const readText = (result: Extract<ServiceResult, { ok: true }>) => readWholeText(result.response.body, limits, new URL(result.url).host);

  return {
    post,
    postJson,
    readText,
    limits,
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
      let body: { model?: unknown } = {};
      try {
        body = JSON.parse(await readText(result)) as { model?: unknown };
      } catch (error) {
        if (error instanceof BodyError) return { ok: false, failure: bodyFailure(error, result.url, result.response.status) };
      }
      return {
        ok: true,
        model: typeof body.model === 'string' ? body.model : 'default',
        latencyMs: Math.round(performance.now() - started),
      };
    },
  };
}

export type ServiceClient = ReturnType<typeof createServiceClient>;
