import { z } from 'zod';
import { call, stream } from './define';
import { serviceFailure } from '../domain/service-failure';
import { planSchema } from '../domain/plan-rules';
import { subtitleRulesSchema } from '../domain/transcript';
import { jobRequestSchema } from './jobs';
import { languageChoiceSchema, uiLanguageSchema } from '../i18n/languages';
import { issueOf } from '../domain/problem';
import { diskRefusalSchema } from './storage';
import { contextBudgetSchema } from '../domain/context-budget';

/** This computer: plain http stays on the machine, so it is the one place a key may travel unencrypted. */
function isLoopback(url: URL): boolean {
  const host = url.hostname;
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** The problem codes of one URL field: each field has its own words, so every sentence names what it is about. */
interface UrlProblems {
  missing: string;
  needsScheme: string;
  notUrl: string;
  wrongScheme: string;
  needsHttps: string;
}

/** An http(s) URL check whose first failing rule gives the one problem the user is told about. */
function httpUrl(codes: UrlProblems, example: string, extra?: { test: (url: URL) => boolean; problem: string }) {
  return z.string().trim().superRefine((value, ctx) => {
    const problem = !value
      ? codes.missing
      : !/^[a-z][a-z0-9+.-]*:\/\//i.test(value)
        ? codes.needsScheme
        : !URL.canParse(value)
          ? codes.notUrl
          : !/^https?:$/.test(new URL(value).protocol)
            ? codes.wrongScheme
            : new URL(value).protocol === 'http:' && !isLoopback(new URL(value))
              ? codes.needsHttps
              : extra && !extra.test(new URL(value))
                ? extra.problem
                : null;
    if (problem) ctx.addIssue(issueOf(problem, { example }));
  });
}

/**
 * The versioned base address ends with /v1 (seed §9). It is kept exactly as typed;
 * a trailing slash is accepted because URL joining handles it.
 */
export const baseUrlSchema = httpUrl(
  {
    missing: 'base_url.missing',
    needsScheme: 'base_url.needs_scheme',
    notUrl: 'base_url.not_url',
    wrongScheme: 'base_url.wrong_scheme',
    needsHttps: 'base_url.needs_https',
  },
  'https://api.example.com/v1',
  { test: (url) => /\/v1\/?$/.test(url.pathname), problem: 'base_url.needs_v1' },
);

export const mcpUrlSchema = httpUrl(
  {
    missing: 'mcp_url.missing',
    needsScheme: 'mcp_url.needs_scheme',
    notUrl: 'mcp_url.not_url',
    wrongScheme: 'mcp_url.wrong_scheme',
    needsHttps: 'mcp_url.needs_https',
  },
  'https://api.example.com/mcp',
);

/** A proxy is contacted before any TLS, so plain http:// is normal here (the tunnel still carries https). */
export const proxyUrlSchema = z.string().trim().superRefine((value, ctx) => {
  const problem = !URL.canParse(value)
    ? 'proxy.not_url'
    : !/^https?:$/.test(new URL(value).protocol)
      ? 'proxy.wrong_scheme'
      : new URL(value).pathname.length > 1 || new URL(value).search
        ? 'proxy.host_only'
        : null;
  if (problem) ctx.addIssue(issueOf(problem, { example: 'http://proxy.example.com:3128' }));
});

/** Days after which Settings reminds the user to rotate the key; null turns the reminder off. */
export const keyReminderDaysSchema = z.number().int().min(1).max(3650).nullable();

export const themeSchema = z.enum(['system', 'light', 'dark']);

/** The user's own name, for the words a recording's microphone heard; null until the page asks it once. */
export const MAX_SPEAKER_NAME = 80;
export const speakerNameSchema = z
  .string()
  .trim()
  .refine((name) => name !== '', issueOf('settings_input.speaker_name_missing'))
  .refine((name) => name.length <= MAX_SPEAKER_NAME, issueOf('settings_input.speaker_name_too_long', { max: MAX_SPEAKER_NAME }))
  .nullable();

/** Parts of a long recording sent at once: three keep a service that takes its time busy without flooding it. */
export const PARTS_IN_FLIGHT = { min: 1, max: 8, default: 3 } as const;
export const partsInFlightSchema = z
  .number()
  .refine(
    (count) => Number.isInteger(count) && count >= PARTS_IN_FLIGHT.min && count <= PARTS_IN_FLIGHT.max,
    issueOf('settings_input.parts_in_flight_range', { min: PARTS_IN_FLIGHT.min, max: PARTS_IN_FLIGHT.max }),
  );

export const settingsSchema = z.object({
  /** Empty until the user (or APP_BASE_URL on first run) sets it. */
  baseUrl: z.string(),
  /** null means "derived from the base URL": its host with the path /mcp (seed §4.3). */
  mcpUrl: z.string().nullable(),
  plan: planSchema,
  /** The active profile's proxy for its requests; null means a direct connection. */
  proxy: z.string().nullable(),
  /** Global, like the theme. */
  theme: themeSchema,
  /** Global: the language chosen in Settings, or "system". */
  language: languageChoiceSchema,
  /** The language the UI is in: the choice, or the system's preferred one Confab speaks (English otherwise). */
  uiLanguage: uiLanguageSchema,
  /** The system's preferred language Confab speaks: what "system" would give, for the language picker to name. */
  systemLanguage: uiLanguageSchema,
  keyReminderDays: keyReminderDaysSchema,
  /** Global: who "I" am in a recording's transcript (the microphone's words). */
  speakerName: speakerNameSchema,
  /** Global: the page has asked the name once (given or skipped), so it does not ask again. */
  speakerNameAsked: z.boolean(),
  /** Global: a long recording's parts sent at once; the service's 429s lower it for a while by themselves. */
  partsInFlight: z.number().int(),
  /** Global: a recording's speech is captioned while it runs (Pro), which sends its audio a second time. */
  liveCaptions: z.boolean(),
  /** Global: how much history a chat request carries when its conversation sets no budget of its own. */
  contextBudget: contextBudgetSchema,
  /** The profile the values above (but theme, reminder, speaker name, parts in flight and captions) belong to. */
  profileId: z.string(),
  profileName: z.string(),
  /**
   * Why the values above are in use but not in settings.json yet (`file`): the disk refused the
   * write, and main writes them by itself once it takes them. null when they are saved.
   */
  unsaved: diskRefusalSchema.extend({ cause: z.enum(['full', 'readOnly', 'io']) }).nullable(),
});

/** baseUrl, mcpUrl, plan and proxy change the active profile; theme, language, keyReminderDays, speakerName, speakerNameAsked, partsInFlight, liveCaptions and contextBudget are global. */
export const settingsPatchSchema = z
  .object({
    baseUrl: baseUrlSchema,
    mcpUrl: mcpUrlSchema.nullable(),
    plan: planSchema,
    proxy: proxyUrlSchema.nullable(),
    theme: themeSchema,
    language: languageChoiceSchema,
    keyReminderDays: keyReminderDaysSchema,
    speakerName: speakerNameSchema,
    /** Skip: asked, with no name given. */
    speakerNameAsked: z.literal(true),
    partsInFlight: partsInFlightSchema,
    liveCaptions: z.boolean(),
    contextBudget: contextBudgetSchema,
  })
  .partial()
  .strict();

export const connectionOutcomeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), model: z.string(), latencyMs: z.number() }),
  z.object({ ok: z.literal(false), failure: serviceFailure }),
]);

export const settingsArea = {
  get: call(z.void(), settingsSchema),
  /** The settings as they stand, then again whenever they change without the page asking (a held write saved). */
  watch: stream(z.void(), settingsSchema),
  update: call(settingsPatchSchema, settingsSchema),
  /** One minimal authenticated chat completion, reporting exactly what the service said. */
  testConnection: call(z.void(), connectionOutcomeSchema),
  /** How subtitles are cut into cues: the user's, kept by main for every subtitle export. */
  subtitleRules: call(z.void(), subtitleRulesSchema),
  // Wrapped: every rule has a default, so bare rules would take any object (a typo) as the defaults.
  setSubtitleRules: call(z.object({ rules: subtitleRulesSchema }), subtitleRulesSchema),
  /** The options main queues every file with (a file opened from the OS, a drop); kept by main. */
  transcriptionDefaults: call(z.void(), jobRequestSchema),
  setTranscriptionDefaults: call(z.object({ request: jobRequestSchema }).strict(), jobRequestSchema),
};

export type Settings = z.infer<typeof settingsSchema>;
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
export { planSchema, type Plan } from '../domain/plan-rules';
export type Theme = z.infer<typeof themeSchema>;
export type ConnectionOutcome = z.infer<typeof connectionOutcomeSchema>;

/** Scheme, host and port: what a key is saved for. null when the text is not a URL. */
export function originOf(url: string | null): string | null {
  return url && URL.canParse(url) ? new URL(url).origin : null;
}

/** The MCP address used when the user has not set one: the base URL's origin plus /mcp. */
export function defaultMcpUrl(baseUrl: string): string | null {
  return URL.canParse(baseUrl) ? new URL('/mcp', baseUrl).toString() : null;
}
