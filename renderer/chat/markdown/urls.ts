/**
 * Model output may only link to web pages: javascript:, data:, file:, relative and
 * custom-scheme URLs are dropped, so a link can neither run script nor open local things.
 */
export function webUrlOnly(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
}
