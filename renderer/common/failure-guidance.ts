import type { FailureReason, ServiceFailure } from '../../shared/domain/service-failure';

export interface Guidance {
  title: string;
  /** What to do about it. */
  advice: string;
  /** The server's own words, when they add something. */
  detail: string | null;
  action: 'settings' | 'retry' | null;
}

type Words = Omit<Guidance, 'detail'>;

const toSettings = (title: string, advice: string) => ({ title, advice, action: 'settings' as const });

/** The reason adds nothing to what the failure's kind says. */
const BY_KIND = 'by kind';

/**
 * Words for every reason main recognises (shared/domain/service-failure.ts): a reason without
 * an entry here fails the type check. The key codes are the service's; the rest are main's
 * transport refusals and network diagnoses (electron/core/services/net/), whose message says
 * what happened and names the hosts, while the title and advice say where to fix it.
 */
export const REASON_WORDS: Record<FailureReason, Words | typeof BY_KIND> = {
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
  insecure_address: toSettings('The address is not secure', 'Use the service\'s https:// address. Plain http:// is only for a service on this computer.'),
  cross_origin_redirect: toSettings('The service sent Confab elsewhere', 'Confab did not follow, so your key stayed here. Check the base URL in Settings.'),
  too_many_redirects: toSettings('The service kept redirecting', 'Check the base URL in Settings.'),
  bad_redirect: toSettings('The service sent a broken redirect', 'Check the base URL in Settings.'),
  redirected_upload: toSettings('The upload was redirected', 'Use the address it redirects to as the base URL in Settings.'),
  proxy_auth_required: toSettings('The proxy needs a user name and password', 'Add them to the proxy address, or ask your IT department.'),
  proxy_unreachable: toSettings('The proxy cannot be reached', 'Check the proxy setting (or HTTPS_PROXY) and that the proxy is running.'),
  proxy_refused: toSettings('The proxy would not connect', 'Check the base URL, or ask your IT department whether the proxy allows the service.'),
  certificate_untrusted: { title: 'The service\'s certificate is not trusted', advice: 'If your company inspects TLS traffic, have its root certificate installed on this computer.', action: null },
  certificate_expired: { title: 'The service\'s certificate has expired', advice: 'Check this computer\'s clock; otherwise it is on the service\'s side.', action: 'retry' },
  certificate_wrong_host: toSettings('The certificate is for another address', 'Check the base URL in Settings.'),
  timeout: { title: 'No answer in time', advice: 'Try again; if it keeps happening, check the network or proxy.', action: 'retry' },
  too_large: { title: 'The answer was too large', advice: 'Confab stopped reading it. Try again, or ask for a shorter answer.', action: 'retry' },
  // The chat shows its own way on (AssistantMessage); the notice is the stream's.
  tool_step_limit: BY_KIND,
};

/** The place most fixes are made, as the advice names it. */
const IN_SETTINGS = ' in Settings';

/**
 * Turns a classified failure into words for the user: what happened and what to do. Shown
 * inside Settings (`inSettings`), the advice does not send the user where they already are.
 */
export function guidanceFor(failure: ServiceFailure, options: { inSettings?: boolean } = {}): Guidance {
  const guidance = wordsFor(failure);
  if (!options.inSettings) return guidance;
  return { ...guidance, advice: guidance.advice.replaceAll(IN_SETTINGS, ''), action: guidance.action === 'settings' ? null : guidance.action };
}

function wordsFor(failure: ServiceFailure): Guidance {
  const detail = failure.message;
  const words = failure.reason === null ? BY_KIND : REASON_WORDS[failure.reason];
  if (words !== BY_KIND) return { ...words, detail };
  switch (failure.kind) {
    case 'auth':
      return {
        title: 'The service refused the API key',
        advice: 'Replace the key in Settings with one from the developer dashboard.',
        detail,
        action: 'settings',
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
      // Main's words already say what happened and name the host: they are the title, said once.
      return {
        title: failure.message,
        advice: 'Check your network connection and the base URL in Settings.',
        detail: null,
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
