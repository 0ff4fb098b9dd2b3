import { z } from 'zod';
import { call } from './define';
import { issueOf } from '../domain/problem';

const MAX_NAME = 40;

/**
 * Named profiles (Development, Staging, Production…): each has its own base URL, MCP
 * address, plan, proxy and keychain entry. Main keeps them; the renderer sees names and ids.
 */
export const profileNameSchema = z
  .string()
  .trim()
  .superRefine((name, ctx) => {
    if (!name) ctx.addIssue(issueOf('profile.name_missing'));
    else if (name.length > MAX_NAME) ctx.addIssue(issueOf('profile.name_too_long', { max: MAX_NAME }));
  });

export const profileIdSchema = z.string().min(1).max(64);

export const profileSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Where its requests go, so the switcher can tell similar names apart. */
  baseUrl: z.string(),
});

export const profileListSchema = z.object({
  activeId: z.string(),
  profiles: z.array(profileSummarySchema),
});

export const profilesArea = {
  list: call(z.void(), profileListSchema),
  /** A new profile, empty or with the connection settings (never the key) of `copyFrom`. */
  create: call(z.object({ name: profileNameSchema, copyFrom: profileIdSchema.nullable().default(null) }).strict(), profileListSchema),
  rename: call(z.object({ id: profileIdSchema, name: profileNameSchema }).strict(), profileListSchema),
  /** Refused for the last profile; deletes the profile's keychain entry too. */
  delete: call(z.object({ id: profileIdSchema }).strict(), profileListSchema),
  switch: call(z.object({ id: profileIdSchema }).strict(), profileListSchema),
  /**
   * The answer to a plan refusal (a 403 naming the plan): that profile's plan becomes Free. The only
   * change of a plan besides Settings' own choice; every window hears it through settings.watch.
   */
  setFree: call(z.object({ id: profileIdSchema }).strict(), profileListSchema),
};

export type ProfileSummary = z.infer<typeof profileSummarySchema>;
export type ProfileList = z.infer<typeof profileListSchema>;
