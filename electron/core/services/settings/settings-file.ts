import { z } from 'zod';
import { PARTS_IN_FLIGHT, keyReminderDaysSchema, partsInFlightSchema, planSchema, speakerNameSchema, themeSchema } from '../../../../shared/contract/settings';
import { DEFAULT_SUBTITLE_RULES, subtitleRulesSchema } from '../../../../shared/domain/transcript';
import { DEFAULT_JOB_REQUEST, jobRequestSchema } from '../../../../shared/contract/jobs';
import { languageChoiceSchema } from '../../../../shared/i18n/languages';
import { SEND_EVERYTHING, contextBudgetSchema } from '../../../../shared/domain/context-budget';
import { log } from '../../log';

/** One profile as settings.json keeps it. Its key is in the keychain, never here. */
export const profileRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  mcpUrl: z.string().nullable(),
  plan: planSchema,
  proxy: z.string().nullable(),
});

export const settingsFileSchema = z.object({
  version: z.literal(2),
  theme: themeSchema,
  /** Files written before Confab spoke other languages follow the system. */
  language: languageChoiceSchema.default('system').catch('system'),
  keyReminderDays: keyReminderDaysSchema,
  /** Files written before recording in Confab have no name yet: the page asks it once. */
  speakerName: speakerNameSchema.default(null).catch(null),
  /** Skipped without a name; a name given counts as asked too (older files have only that). */
  speakerNameAsked: z.boolean().default(false).catch(false),
  /** On until the user switches them off; files written before captions have them on. */
  liveCaptions: z.boolean().default(true).catch(true),
  /** Chat's default budget; files written before it (or a budget outside today's limits) send everything. */
  contextBudget: contextBudgetSchema.default(SEND_EVERYTHING).catch(SEND_EVERYTHING),
  /**
   * Global, like the theme; files written before there were rules get the defaults, and so do
   * rules outside today's limits (a hand edit, an older Confab): they must never cost the profiles.
   */
  subtitleRules: subtitleRulesSchema.default(DEFAULT_SUBTITLE_RULES).catch(({ error }) => {
    log.warn('settings.json: the subtitle rules were not usable, so the defaults apply:', error.issues.map((issue) => issue.message).join('; '));
    return DEFAULT_SUBTITLE_RULES;
  }),
  /** Global: the options a file is queued with; unusable ones (a model name emptied by hand) give way to the defaults. */
  transcriptionDefaults: jobRequestSchema.default(DEFAULT_JOB_REQUEST).catch(({ error }) => {
    log.warn('settings.json: the transcription defaults were not usable, so the built-in ones apply:', error.issues.map((issue) => issue.message).join('; '));
    return DEFAULT_JOB_REQUEST;
  }),
  /** Global; a count outside today's range (a hand edit) gives way to the default. */
  partsInFlight: partsInFlightSchema.default(PARTS_IN_FLIGHT.default).catch(PARTS_IN_FLIGHT.default),
  activeId: z.string(),
  profiles: z.array(profileRecordSchema).min(1),
});

/**
 * settings.json before profiles: one connection per data folder. Strict, so a file from a newer
 * Confab (with a version and profiles) is never mistaken for one and folded into "Default".
 */
const legacySchema = z
  .object({
    baseUrl: z.string().optional(),
    mcpUrl: z.string().nullable().optional(),
    plan: planSchema.optional(),
    theme: themeSchema.optional(),
  })
  .strict();

export type ProfileRecord = z.infer<typeof profileRecordSchema>;
export type SettingsFile = z.infer<typeof settingsFileSchema>;

export const DEFAULT_PROFILE_ID = 'default';
export const DEFAULT_REMINDER_DAYS = 90;

export const emptyProfile = (id: string, name: string, baseUrl = ''): ProfileRecord => ({
  id,
  name,
  baseUrl,
  mcpUrl: null,
  plan: 'free',
  proxy: null,
});

/**
 * What settings.json holds, whatever version wrote it. `migrated` says the file predates
 * profiles: its values became the profile "Default", and the caller moves the old keychain
 * entry before writing the new file.
 */
export function readSettingsFile(raw: unknown, initialBaseUrl = ''): { file: SettingsFile; migrated: boolean; fresh: boolean } {
  const current = settingsFileSchema.safeParse(raw);
  if (current.success) return { file: current.data, migrated: false, fresh: false };
  const legacy = raw === null ? null : legacySchema.safeParse(raw);
  if (legacy && !legacy.success) log.warn(`Ignoring unreadable settings: ${legacy.error.message}`);
  const old = legacy?.success ? legacy.data : null;
  const profile: ProfileRecord = {
    ...emptyProfile(DEFAULT_PROFILE_ID, 'Default', old?.baseUrl ?? initialBaseUrl),
    mcpUrl: old?.mcpUrl ?? null,
    plan: old?.plan ?? 'free',
  };
  return {
    file: {
      version: 2,
      theme: old?.theme ?? 'system',
      language: 'system',
      keyReminderDays: DEFAULT_REMINDER_DAYS,
      speakerName: null,
      speakerNameAsked: false,
      liveCaptions: true,
      contextBudget: SEND_EVERYTHING,
      subtitleRules: DEFAULT_SUBTITLE_RULES,
      transcriptionDefaults: DEFAULT_JOB_REQUEST,
      partsInFlight: PARTS_IN_FLIGHT.default,
      activeId: profile.id,
      profiles: [profile],
    },
    migrated: old !== null,
    fresh: old === null,
  };
}
