import { createHash } from 'node:crypto';
import type { FakeKeys, Plan } from './script';

// Deterministic so a person can paste the same key into the app across CLI restarts,
// and long/random-looking so the app's key-format checks see a realistic value.
function derive(label: string, seed: string): string {
  const hex = createHash('sha256').update(`${seed}:${label}`).digest('hex');
  return `sk-${label}-${hex.slice(0, 40)}`;
}

export function defaultKeys(seed = 'confab-fake-service'): FakeKeys {
  return {
    free: derive('free', seed),
    pro: derive('pro', seed),
    expired: derive('expired', seed),
    revoked: derive('revoked', seed),
  };
}

export type AuthResult =
  | { ok: true; plan: Plan }
  | { ok: false; code: 'missing_api_key' | 'invalid_api_key' | 'expired_api_key'; message: string };

// Mirrors how OpenAI echoes a wrong key: enough to recognise it, not enough to leak it.
function mask(key: string): string {
  if (key.length <= 8) return '*'.repeat(key.length);
  return `${key.slice(0, 5)}${'*'.repeat(Math.min(20, key.length - 9))}${key.slice(-4)}`;
}

/**
 * `issued`: keys accepted besides the fixed ones, for a while. Confab tries a key before it
 * stores it, so a test that needs a stored key the service refuses issues it, stores it, and
 * withdraws it: what a key revoked in the dashboard after it was saved looks like.
 */
export function authenticate(header: string | undefined, keys: FakeKeys, issued: ReadonlyMap<string, Plan> = new Map()): AuthResult {
  const match = /^\s*Bearer(?:\s+(.*))?$/i.exec(header ?? '');
  const key = match?.[1]?.trim() ?? '';
  if (key === '') {
    return {
      ok: false,
      code: 'missing_api_key',
      message: "You didn't provide an API key. Send it in the Authorization header as 'Bearer <API_KEY>'.",
    };
  }
  const plan = issued.get(key);
  if (plan) return { ok: true, plan };
  if (key === keys.free) return { ok: true, plan: 'free' };
  if (key === keys.pro) return { ok: true, plan: 'pro' };
  if (key === keys.expired) {
    return {
      ok: false,
      code: 'expired_api_key',
      message: 'The API key has expired. Generate a new key in the developer dashboard.',
    };
  }
  if (key === keys.revoked) {
    return {
      ok: false,
      code: 'expired_api_key',
      message: 'The API key has been revoked. Generate a new key in the developer dashboard.',
    };
  }
  return { ok: false, code: 'invalid_api_key', message: `Incorrect API key provided: ${mask(key)}.` };
}
