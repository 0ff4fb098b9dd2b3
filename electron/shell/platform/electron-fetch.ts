import { net, session } from 'electron';
import { parseProxyUrl, proxyLabel } from '../../core/services/net/proxy-label';

/** Chromium's proxy rule for a proxy URL: scheme, host and port (a rule cannot carry credentials). */
export function proxyRuleOf(proxyUrl: string): string {
  const url = parseProxyUrl(proxyUrl);
  return `${url.protocol}//${url.host}`;
}

/**
 * Main's fetch in Electron: `net.fetch`, Chromium's network stack, so the system proxy
 * settings, PAC/WPAD and the OS certificate store apply as in a browser. A per-profile proxy
 * URL replaces the system's for the default session, applied before the first request that
 * needs the change; clearing it returns to the system settings.
 */
export function electronFetch(options: { proxy(): string | null }): typeof fetch {
  let applied: string | null = null;
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const wanted = options.proxy()?.trim() || null;
    if (wanted !== applied) {
      await session.defaultSession.setProxy(wanted ? { proxyRules: proxyRuleOf(wanted) } : { mode: 'system' });
      applied = wanted;
    }
    try {
      return await net.fetch(input instanceof URL ? input.href : input, init);
    } catch (error) {
      if (wanted && error && typeof error === 'object') Object.assign(error, { viaProxy: proxyLabel(wanted) });
      throw error;
    }
  }) as typeof fetch;
}
