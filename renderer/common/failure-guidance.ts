import type { ParseKeys } from 'i18next';
import type { ProblemValues } from '../../shared/domain/problem';
import type { FailureKind, FailureReason, ServiceFailure } from '../../shared/domain/service-failure';
import { i18n } from '../i18n';
import { formatsFor } from '../i18n/format';

export interface Guidance {
  title: string;
  /** What to do about it. */
  advice: string;
  /** What happened, in detail: the server's own words, or what main diagnosed (hosts, codes, limits). */
  detail: string | null;
  action: 'settings' | 'retry' | null;
}

type Key = ParseKeys<'errors'>;
type Action = Guidance['action'];

/** Keys of one failure's words; `here` is the advice said inside Settings, which sends the user nowhere. */
interface Words {
  title?: Key;
  advice?: Key;
  here?: Key;
  /** What happened, from main's values; a function where the values decide the sentence. */
  what?: Key | ((values: ProblemValues) => Key);
  action?: Action;
}

const BASE_URL = { advice: 'failure.check_base_url', here: 'failure.check_base_url_here', action: 'settings' } as const;
const RETRY = { advice: 'failure.try_again_network', action: 'retry' } as const;

/** The words of each kind: what every failure of it says unless its reason says more. */
const KIND_WORDS: Record<FailureKind, Words & { title: Key; advice: Key; action: Action }> = {
  auth: { title: 'failure.kind.auth.title', advice: 'failure.kind.auth.advice', here: 'failure.kind.auth.advice_here', action: 'settings' },
  plan: { title: 'failure.kind.plan.title', advice: 'failure.kind.plan.advice', action: null },
  rate_limit: { title: 'failure.kind.rate_limit.title', advice: 'failure.kind.rate_limit.advice', action: 'retry' },
  server: { title: 'failure.kind.server.title', advice: 'failure.kind.server.advice', action: 'retry' },
  network: { title: 'failure.kind.network.title', advice: 'failure.kind.network.advice', here: 'failure.kind.network.advice_here', action: 'retry' },
  not_configured: { title: 'failure.kind.not_configured.title', advice: 'failure.kind.not_configured.advice', action: 'settings' },
  stream: { title: 'failure.kind.stream.title', advice: 'failure.kind.stream.advice', action: 'retry' },
  http: { title: 'failure.kind.http.title', advice: 'failure.try_again', action: 'retry' },
};

/**
 * Words for every reason main recognises (shared/domain/service-failure.ts): a reason without
 * an entry here fails the type check. The key codes are the service's; the rest are main's
 * transport refusals and network diagnoses (electron/core/services/net/), which arrive as values
 * (hosts, codes, limits) that `what` says; the title and advice say where to fix it. What a
 * reason leaves out, its kind says.
 */
export const REASON_WORDS: Record<FailureReason, Words> = {
  missing_api_key: {
    title: 'failure.reason.missing_api_key.title',
    advice: 'failure.reason.missing_api_key.advice',
    here: 'failure.reason.missing_api_key.advice_here',
    action: 'settings',
  },
  invalid_api_key: { title: 'failure.reason.invalid_api_key.title', advice: 'failure.reason.invalid_api_key.advice', action: 'settings' },
  expired_api_key: {
    title: 'failure.reason.expired_api_key.title',
    advice: 'failure.reason.expired_api_key.advice',
    here: 'failure.reason.expired_api_key.advice_here',
    action: 'settings',
  },
  no_base_url: { advice: 'failure.reason.no_base_url.advice' },
  tools_unavailable: { advice: 'failure.reason.tools_unavailable.advice' },
  insecure_address: {
    title: 'failure.reason.insecure_address.title',
    advice: 'failure.reason.insecure_address.advice',
    what: 'failure.reason.insecure_address.what',
    action: 'settings',
  },
  unsupported_scheme: {
    title: 'failure.reason.unsupported_scheme.title',
    advice: 'failure.reason.unsupported_scheme.advice',
    what: 'failure.reason.unsupported_scheme.what',
    action: 'settings',
  },
  cross_origin_redirect: {
    title: 'failure.reason.cross_origin_redirect.title',
    advice: 'failure.reason.cross_origin_redirect.advice',
    here: 'failure.reason.cross_origin_redirect.advice_here',
    what: (values) => (values.to ? 'failure.reason.cross_origin_redirect.what' : 'failure.reason.cross_origin_redirect.what_any'),
    action: 'settings',
  },
  too_many_redirects: { ...BASE_URL, title: 'failure.reason.too_many_redirects.title', what: 'failure.reason.too_many_redirects.what' },
  bad_redirect: { ...BASE_URL, title: 'failure.reason.bad_redirect.title', what: 'failure.reason.bad_redirect.what' },
  redirected_upload: {
    title: 'failure.reason.redirected_upload.title',
    advice: 'failure.reason.redirected_upload.advice',
    here: 'failure.reason.redirected_upload.advice_here',
    what: 'failure.reason.redirected_upload.what',
    action: 'settings',
  },
  proxy_auth_required: {
    title: 'failure.reason.proxy_auth_required.title',
    advice: 'failure.reason.proxy_auth_required.advice',
    what: (values) => (values.proxy ? 'failure.reason.proxy_auth_required.what' : 'failure.reason.proxy_auth_required.what_any'),
    action: 'settings',
  },
  proxy_unreachable: {
    title: 'failure.reason.proxy_unreachable.title',
    advice: 'failure.reason.proxy_unreachable.advice',
    what: (values) => (values.proxy ? 'failure.reason.proxy_unreachable.what' : 'failure.reason.proxy_unreachable.what_any'),
    action: 'settings',
  },
  proxy_refused: {
    title: 'failure.reason.proxy_refused.title',
    advice: 'failure.reason.proxy_refused.advice',
    what: (values) => (values.proxy ? 'failure.reason.proxy_refused.what' : 'failure.reason.proxy_refused.what_any'),
    action: 'settings',
  },
  certificate_untrusted: {
    title: 'failure.reason.certificate_untrusted.title',
    advice: 'failure.reason.certificate_untrusted.advice',
    what: 'failure.reason.certificate_untrusted.what',
    action: null,
  },
  certificate_expired: {
    title: 'failure.reason.certificate_expired.title',
    advice: 'failure.reason.certificate_expired.advice',
    what: 'failure.reason.certificate_expired.what',
    action: 'retry',
  },
  certificate_wrong_host: { ...BASE_URL, title: 'failure.reason.certificate_wrong_host.title', what: 'failure.reason.certificate_wrong_host.what' },
  // The title names the host and the system's code, so nothing more is said below it.
  unreachable: { title: 'failure.reason.unreachable.title' },
  connection_cut: { ...RETRY, title: 'failure.reason.connection_cut.title', what: 'failure.reason.connection_cut.what' },
  timeout: { ...RETRY, title: 'failure.reason.timeout.title', what: 'failure.reason.timeout.what' },
  idle: { what: 'failure.reason.idle.what' },
  too_large: { title: 'failure.reason.too_large.title', advice: 'failure.reason.too_large.advice', what: 'failure.reason.too_large.what', action: 'retry' },
  // No `what`: the service's own words (how many tokens, of how many) are the detail.
  context_too_long: { title: 'failure.reason.context_too_long.title', advice: 'failure.reason.context_too_long.advice', action: null },
  event_too_large: { what: 'failure.reason.event_too_large.what' },
  stream_cut: { what: 'failure.reason.stream_cut.what' },
  reply_failed: { what: 'failure.reason.reply_failed.what' },
  // The chat shows its own way on (AssistantMessage); the notice is the stream's.
  tool_step_limit: { what: 'failure.reason.tool_step_limit.what' },
  tool_server_removed: { title: 'failure.reason.tool_server_removed.title', advice: 'failure.reason.tool_server_removed.advice', action: null },
  tool_server_connecting: { title: 'failure.reason.tool_server_connecting.title', advice: 'failure.try_again', action: 'retry' },
  tool_missing: { title: 'failure.reason.tool_missing.title', advice: 'failure.reason.tool_missing.advice', action: null },
  unreadable_answer: { what: 'failure.reason.unreadable_answer.what' },
  malformed_event: { what: 'failure.reason.malformed_event.what' },
};

/** Main's values as the page says them: durations and sizes in the UI language's own units. */
function interpolation(failure: ServiceFailure) {
  const formats = formatsFor(i18n.language);
  const values = failure.values ?? {};
  const number = (value: unknown) => (typeof value === 'number' ? value : null);
  const seconds = number(values.seconds) ?? failure.retryAfterSeconds;
  const bytes = number(values.bytes);
  return {
    host: failure.host ?? '',
    ...values,
    status: failure.status ?? '',
    ...(seconds !== null && { duration: formats.duration(seconds) }),
    ...(bytes !== null && { size: formats.size(bytes) }),
  };
}

/**
 * Turns a classified failure into words for the user, in the UI language: what happened and
 * what to do. Shown inside Settings (`inSettings`), the advice does not send the user where they
 * already are. Call it while rendering a component that uses useTranslation('errors'), so a
 * language change re-words it.
 */
export function guidanceFor(failure: ServiceFailure, options: { inSettings?: boolean } = {}): Guidance {
  const own = failure.reason ? REASON_WORDS[failure.reason] : {};
  const kind = KIND_WORDS[failure.kind];
  const values = interpolation(failure);
  const t = (key: Key): string => i18n.t(key, { ns: 'errors', ...values });
  const here = options.inSettings === true;
  const what = typeof own.what === 'function' ? own.what(failure.values ?? {}) : own.what;
  const adviceKey = own.advice ? (here && own.here) || own.advice : (here && kind.here) || kind.advice;
  const action = own.action === undefined ? kind.action : own.action;
  // A 4xx main did not classify further: the service refused the request, and its words (the detail) say why.
  const refused = failure.kind === 'http' && failure.reason === null && failure.status !== null && failure.status >= 400 && failure.status < 500;
  return {
    // No status on an http failure: the request never left Confab (main refused it, or the bridge to main is down).
    title: t(own.title ?? (failure.kind === 'http' && failure.status === null ? 'failure.kind.http.title_unsent' : refused ? 'failure.kind.http.title_refused' : kind.title)),
    advice: t(
      failure.kind === 'rate_limit' && failure.retryAfterSeconds !== null
        ? 'failure.kind.rate_limit.advice_wait'
        : refused
          ? 'failure.kind.http.advice_refused'
          : // A plan refusal that names its profile: the page offers to set that profile to Free.
            failure.kind === 'plan' && failure.profileId
            ? 'failure.kind.plan.for_key'
            : adviceKey,
    ),
    // An unreachable host is said once, in the title, which names the host and the system's code.
    detail: what ? t(what) : failure.reason === 'unreachable' ? null : failure.message || null,
    action: here && action === 'settings' ? null : action,
  };
}
