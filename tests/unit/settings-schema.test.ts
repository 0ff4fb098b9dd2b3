import { describe, expect, it } from 'vitest';
import { baseUrlSchema, defaultMcpUrl } from '../../shared/contract/settings';

describe('base URL validation', () => {
  it.each(['https://api.example.com/v1', 'http://127.0.0.1:8080/v1', 'https://host/proxy/v1/'])('accepts %s unchanged', (url) => {
    expect(baseUrlSchema.parse(url)).toBe(url);
  });

  it.each([
    ['', /Enter the service base URL/],
    ['api.example.com/v1', /not a URL/],
    ['ftp://example.com/v1', /http:\/\/ or https:\/\//],
    ['https://api.example.com', /must end with \/v1/],
    ['https://api.example.com/v2', /must end with \/v1/],
  ])('refuses %j with a reason', (url, reason) => {
    const result = baseUrlSchema.safeParse(url);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(reason);
  });

  it('derives the MCP address from the base URL host', () => {
    expect(defaultMcpUrl('https://api.example.com:8443/v1')).toBe('https://api.example.com:8443/mcp');
    expect(defaultMcpUrl('')).toBeNull();
  });
});
