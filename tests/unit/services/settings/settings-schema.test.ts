import { describe, expect, it } from 'vitest';
import { settingsFileSchema } from '../../../../electron/core/services/settings/settings-file';
import { DEFAULT_SUBTITLE_RULES } from '../../../../shared/domain/transcript';
import { problemOfIssue } from '../../../../shared/domain/problem';
import { baseUrlSchema, defaultMcpUrl, mcpUrlSchema, proxyUrlSchema } from '../../../../shared/contract/settings';

describe('base URL validation', () => {
  it.each(['https://api.example.com/v1', 'http://127.0.0.1:8080/v1', 'https://host/proxy/v1/'])('accepts %s unchanged', (url) => {
    expect(baseUrlSchema.parse(url)).toBe(url);
  });

  it.each([
    ['', 'base_url.missing'],
    ['api.example.com/v1', 'base_url.needs_scheme'],
    ['ftp://example.com/v1', 'base_url.wrong_scheme'],
    ['https://api.example.com', 'base_url.needs_v1'],
    ['https://api.example.com/v2', 'base_url.needs_v1'],
  ])('refuses %j with a problem the page words', (url, code) => {
    const result = baseUrlSchema.safeParse(url);
    expect(result.success).toBe(false);
    expect(problemOfIssue(result.error?.issues[0])).toEqual({ code, values: { example: 'https://api.example.com/v1' } });
  });

  it('derives the MCP address from the base URL host', () => {
    expect(defaultMcpUrl('https://api.example.com:8443/v1')).toBe('https://api.example.com:8443/mcp');
    expect(defaultMcpUrl('')).toBeNull();
  });
});

describe('https for every host but this computer', () => {
  it.each(['http://localhost:8080/v1', 'http://127.0.0.1/v1', 'http://127.4.5.6:9/v1', 'http://[::1]:8080/v1', 'https://api.example.com/v1'])(
    'accepts the base URL %s',
    (url) => expect(baseUrlSchema.safeParse(url).success).toBe(true),
  );

  it.each(['http://api.example.com/v1', 'http://192.168.1.10/v1', 'http://localhost.example.com/v1', 'http://128.0.0.1/v1'])(
    'refuses the base URL %s, saying https is required',
    (url) => {
      const result = baseUrlSchema.safeParse(url);
      expect(problemOfIssue(result.error?.issues[0])?.code).toBe('base_url.needs_https');
    },
  );

  it('applies the same rule to the MCP address', () => {
    expect(mcpUrlSchema.safeParse('http://127.0.0.1:3000/mcp').success).toBe(true);
    expect(problemOfIssue(mcpUrlSchema.safeParse('http://tools.example.com/mcp').error?.issues[0])?.code).toBe('mcp_url.needs_https');
  });
});

describe('proxy URL validation', () => {
  it.each(['http://proxy.example.com:3128', 'https://proxy.example.com', 'http://user:secret@10.0.0.1:8080/'])('accepts %s', (url) => {
    expect(proxyUrlSchema.safeParse(url).success).toBe(true);
  });

  it.each([
    ['proxy example', 'proxy.not_url'],
    ['proxy.example.com:3128', 'proxy.wrong_scheme'],
    ['socks5://proxy.example.com:1080', 'proxy.wrong_scheme'],
    ['http://proxy.example.com:3128/path', 'proxy.host_only'],
  ])('refuses %j with a problem the page words', (url, code) => {
    expect(problemOfIssue(proxyUrlSchema.safeParse(url).error?.issues[0])?.code).toBe(code);
  });
});

describe('settings.json subtitle rules', () => {
  const file = {
    version: 2,
    theme: 'system',
    keyReminderDays: 90,
    activeId: 'p1',
    profiles: [{ id: 'p1', name: 'Work', baseUrl: 'https://api.example.com/v1', mcpUrl: null, plan: 'pro', proxy: null }],
  };

  it('gives rules outside the limits the defaults, keeping every profile', () => {
    const parsed = settingsFileSchema.parse({ ...file, subtitleRules: { ...DEFAULT_SUBTITLE_RULES, maxCharsPerLine: -5 } });
    expect(parsed.subtitleRules).toEqual(DEFAULT_SUBTITLE_RULES);
    expect(parsed.profiles.map((profile) => profile.name)).toEqual(['Work']);
  });

  it('keeps rules within the limits, and gives a file without rules the defaults', () => {
    const rules = { ...DEFAULT_SUBTITLE_RULES, maxLinesPerCue: 1 };
    expect(settingsFileSchema.parse({ ...file, subtitleRules: rules }).subtitleRules).toEqual(rules);
    expect(settingsFileSchema.parse(file).subtitleRules).toEqual(DEFAULT_SUBTITLE_RULES);
  });
});
