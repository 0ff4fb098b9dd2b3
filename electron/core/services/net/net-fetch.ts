import { type Dispatcher, EnvHttpProxyAgent, ProxyAgent, fetch as undiciFetch } from 'undici';
import { parseProxyUrl, proxyLabel } from './proxy-label';


function envProxyFor(target: string): string | null {
  const env = process.env;
  const https = target.startsWith('https:');
  return (https ? env.HTTPS_PROXY || env.https_proxy : env.HTTP_PROXY || env.http_proxy) || null;
}

/**
 * The fetch main uses outside Electron (the browser harness, Node tests): undici's own
 * fetch with undici's proxy agents — dispatcher and fetch from the same package, since
 * Node's built-in fetch bundles another undici version. A per-profile proxy URL wins;
 * otherwise HTTPS_PROXY / HTTP_PROXY / NO_PROXY from the environment apply. Errors carry
 * `viaProxy` so failures can blame the proxy rather than the service.
 */
export function createNetFetch(options: { proxy(): string | null }): typeof fetch {
  const fromEnv = new EnvHttpProxyAgent();
  let chosen: { url: string; agent: Dispatcher } | null = null;

  function agentFor(proxyUrl: string): Dispatcher {
    if (chosen?.url !== proxyUrl) {
      void chosen?.agent.close().catch(() => undefined);
      chosen = { url: proxyUrl, agent: new ProxyAgent(parseProxyUrl(proxyUrl).href) };
    }
    return chosen.agent;
  }

  return (async (input: string | URL | Request, init?: RequestInit) => {
    const target = input instanceof Request ? input.url : String(input);
    const proxy = options.proxy()?.trim() || null;
    const via = proxy ?? envProxyFor(target);
    try {
      const dispatcher = proxy ? agentFor(proxy) : fromEnv;
      return (await undiciFetch(input as Parameters<typeof undiciFetch>[0], { ...(init as object), dispatcher })) as unknown as Response;
    } catch (error) {
      if (via && error && typeof error === 'object') Object.assign(error, { viaProxy: proxyLabel(via) });
      throw error;
    }
  }) as typeof fetch;
}
