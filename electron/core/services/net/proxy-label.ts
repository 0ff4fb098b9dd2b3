/** host:port of a proxy URL, never its credentials: it goes into messages. */
export function proxyLabel(proxyUrl: string): string {
  if (!URL.canParse(proxyUrl)) return 'the proxy';
  const url = new URL(proxyUrl);
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
}

/** The proxy URL, or an error that says what a valid one looks like. */
export function parseProxyUrl(value: string): URL {
  if (!URL.canParse(value) || !['http:', 'https:'].includes(new URL(value).protocol)) {
    throw new Error(`The proxy address "${value}" is not an http:// or https:// URL, e.g. http://proxy.example.com:8080.`);
  }
  return new URL(value);
}
