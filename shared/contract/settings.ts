import { z } from 'zod';
import { call } from './define';
import { serviceFailure } from '../domain/service-failure';

/** An http(s) URL check whose first failing rule gives the one message the user sees. */
function httpUrl(what: string, example: string, extra?: { test: (url: URL) => boolean; message: string }) {
  return z.string().trim().superRefine((value, ctx) => {
    const problem = !value
      ? `Enter the ${what}, for example ${example}.`
      : !URL.canParse(value)
        ? `The ${what} is not a URL. Enter it in full, for example ${example}.`
        : !/^https?:$/.test(new URL(value).protocol)
          ? `The ${what} must start with http:// or https://.`
          : extra && !extra.test(new URL(value))
            ? extra.message
            : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/**
 * The versioned base address ends with /v1 (seed §9). It is kept exactly as typed;
 * a trailing slash is accepted because URL joining handles it.
 */
export const baseUrlSchema = httpUrl('service base URL', 'https://api.example.com/v1', {
  test: (url) => /\/v1\/?$/.test(url.pathname),
  message: 'The base URL is the versioned address: it must end with /v1 (for example https://api.example.com/v1).',
});

export const mcpUrlSchema = httpUrl('MCP address', 'https://api.example.com/mcp');

export const planSchema = z.enum(['free', 'pro']);
export const themeSchema = z.enum(['system', 'light', 'dark']);

export const settingsSchema = z.object({
  /** Empty until the user (or APP_BASE_URL on first run) sets it. */
  baseUrl: z.string(),
  /** null means "derived from the base URL": its host with the path /mcp (seed §4.3). */
  mcpUrl: z.string().nullable(),
  plan: planSchema,
  theme: themeSchema,
});

export const settingsPatchSchema = z
  .object({
    baseUrl: baseUrlSchema,
    mcpUrl: mcpUrlSchema.nullable(),
    plan: planSchema,
    theme: themeSchema,
  })
  .partial()
  .strict();

export const connectionOutcomeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), model: z.string(), latencyMs: z.number() }),
  z.object({ ok: z.literal(false), failure: serviceFailure }),
]);

export const settingsArea = {
  get: call(z.void(), settingsSchema),
  update: call(settingsPatchSchema, settingsSchema),
  /** One minimal authenticated chat completion, reporting exactly what the service said. */
  testConnection: call(z.void(), connectionOutcomeSchema),
};

export type Settings = z.infer<typeof settingsSchema>;
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
export type Plan = z.infer<typeof planSchema>;
export type Theme = z.infer<typeof themeSchema>;
export type ConnectionOutcome = z.infer<typeof connectionOutcomeSchema>;

/** The MCP address used when the user has not set one: the base URL's origin plus /mcp. */
export function defaultMcpUrl(baseUrl: string): string | null {
  return URL.canParse(baseUrl) ? new URL('/mcp', baseUrl).toString() : null;
}
