import type { ServiceFailure } from '../../shared/domain/service-failure';

export interface Guidance {
  title: string;
  /** What to do about it. */
  advice: string;
  /** The server's own words, when they add something. */
  detail: string | null;
  action: 'settings' | 'retry' | null;
}

const AUTH: Record<string, Omit<Guidance, 'detail'>> = {
  missing_api_key: {
    title: 'No API key was sent',
    advice: 'Add your API key in Settings. You create keys in the service\'s developer dashboard.',
    action: 'settings',
  },
  invalid_api_key: {
    title: 'The API key is not recognised',
    advice: 'Check that you copied the whole key, or replace it with a key from the developer dashboard.',
    action: 'settings',
  },
  expired_api_key: {
    title: 'The API key has expired or was revoked',
    advice: 'Create a new key in the developer dashboard, then replace the stored key in Settings.',
    action: 'settings',
  },
};

/** Turns a classified failure into words for the user: what happened and what to do. */
export function guidanceFor(failure: ServiceFailure): Guidance {
  const detail = failure.message;
  switch (failure.kind) {
    case 'auth':
      return {
        ...(AUTH[failure.code ?? ''] ?? {
          title: 'The service refused the API key',
          advice: 'Replace the key in Settings with one from the developer dashboard.',
          action: 'settings',
        }),
        detail,
      };
    case 'plan':
      return {
        title: `The service refused the request (${failure.status})`,
        advice: 'If this is a Pro feature or model, it needs a Pro plan. Otherwise, check the request settings.',
        detail,
        action: null,
      };
    case 'rate_limit':
      return {
        title: 'Too many requests',
        advice:
          failure.retryAfterSeconds !== null
            ? `The service asks to wait ${failure.retryAfterSeconds} s before trying again.`
            : 'Wait a moment before trying again.',
        detail,
        action: 'retry',
      };
    case 'server':
      return {
        title: `The service had a problem (${failure.status})`,
        advice: 'This is on the service\'s side. Try again in a moment.',
        detail,
        action: 'retry',
      };
    case 'network':
      return {
        title: `Could not reach ${failure.host}`,
        advice: 'Check your network connection and the base URL in Settings.',
        detail,
        action: 'retry',
      };
    case 'not_configured':
      return { title: 'Not set up yet', advice: detail, detail: null, action: 'settings' };
    case 'stream':
      return { title: 'The reply stopped with an error', advice: 'What arrived is kept. Try again.', detail, action: 'retry' };
    case 'http':
      // No status: the request never left Confab (main refused it, or the bridge to main is down).
      return {
        title: failure.status === null ? 'The request could not be sent' : `Unexpected answer (${failure.status})`,
        advice: 'Try again.',
        detail,
        action: 'retry',
      };
  }
}
