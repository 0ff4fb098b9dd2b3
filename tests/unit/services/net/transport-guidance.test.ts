import { beforeAll, describe, expect, vi, it } from 'vitest';
import { failureFromResponse } from '../../../../electron/core/services/net/service-failure';
import { guidanceFor } from '../../../../renderer/common/failure-guidance';
import { i18n } from '../../../../renderer/i18n';
import { english } from '../../../../shared/i18n/english';
import { i18nOptions } from '../../../../shared/i18n/options';
import type { ServiceFailure } from '../../../../shared/domain/service-failure';

// The guidance reads i18next only; the page's bridge to main is not needed.
vi.mock('../../../../renderer/api', () => ({ api: {} }));

beforeAll(async () => {
  await i18n.init({ ...i18nOptions('en'), resources: { en: english } });
});

const failure = (overrides: Partial<ServiceFailure>): ServiceFailure => ({
  kind: 'network', reason: null, status: null, code: null, message: 'What main said.', host: 'api.example.com', retryAfterSeconds: null, ...overrides,
});

describe('guidance for transport failures', () => {
  it('sends proxy and address problems to Settings, saying what main diagnosed as the detail', () => {
    expect(guidanceFor(failure({ reason: 'proxy_auth_required', code: 'proxy_auth_required', message: '', values: { proxy: 'http://proxy.example.com:3128' } }))).toEqual({
      title: 'The proxy needs a user name and password',
      advice: 'Add them to the proxy address, or ask your IT department.',
      detail: 'The proxy http://proxy.example.com:3128 asks for a user name and password (407 Proxy Authentication Required).',
      action: 'settings',
    });
    expect(guidanceFor(failure({ kind: 'http', reason: 'cross_origin_redirect', code: 'cross_origin_redirect' }))).toMatchObject({ title: 'The service sent Confab elsewhere', action: 'settings' });
    expect(guidanceFor(failure({ kind: 'not_configured', reason: 'insecure_address', code: 'insecure_address' }))).toMatchObject({ title: 'The address is not secure', action: 'settings' });
  });

  it('says a refused request in the service\u2019s own words, and names the Pro plan only where the service did', async () => {
    const answer = async (status: number, error: object) => guidanceFor(await failureFromResponse(new Response(JSON.stringify({ error }), { status })));
    const badName = await answer(400, { message: "Invalid file name ''.", type: 'invalid_request_error', code: 'invalid_file_name' });
    expect(badName).toMatchObject({ title: 'The service refused the request (400)', detail: "Invalid file name ''." });
    expect([badName.title, badName.advice].join(' ')).not.toMatch(/Pro|plan/);
    const pro = await answer(403, { message: 'Audio transcription requires a Pro plan.', type: 'permission_error', code: 'pro_plan_required' });
    expect(pro.advice).toMatch(/Pro plan/);
  });

  it('explains an untrusted certificate without blaming the network', () => {
    expect(guidanceFor(failure({ reason: 'certificate_untrusted', code: 'certificate_untrusted' })).advice).toMatch(/root certificate installed/);
  });

  it('leaves the service\'s own codes and stream endings to their usual guidance', () => {
    expect(guidanceFor(failure({ kind: 'server', status: 504, code: 'timeout' })).title).toBe('The service had a problem (504)');
    expect(guidanceFor(failure({ kind: 'stream', code: 'timeout' })).advice).toBe('What arrived is kept. Try again.');
  });

  it('words a failure to reach a host once, naming the host and the system\'s code', () => {
    const dns = failure({ reason: 'unreachable', code: 'ENOTFOUND', message: '', values: { host: 'api.example.com', detail: 'ENOTFOUND' } });
    const guidance = guidanceFor(dns);
    expect(guidance).toMatchObject({ title: 'Could not reach api.example.com (ENOTFOUND).', detail: null });
    const words = [guidance.title, guidance.advice, guidance.detail ?? ''].join(' ');
    expect(words.match(/ENOTFOUND/g)).toHaveLength(1);
    expect(words.match(/api\.example\.com/g)).toHaveLength(1);
  });

  it('inside Settings, sends the user nowhere: no "in Settings", no Open Settings action', () => {
    for (const shown of [failure({ reason: 'unreachable', code: 'ENOTFOUND', values: { detail: 'ENOTFOUND' } }), failure({ kind: 'auth', status: 401, reason: 'missing_api_key', code: 'missing_api_key' }), failure({ reason: 'bad_redirect', code: 'bad_redirect' })]) {
      expect(guidanceFor(shown).advice).toMatch(/in Settings/);
      const inSettings = guidanceFor(shown, { inSettings: true });
      expect(inSettings.advice).not.toMatch(/Settings/);
      expect(inSettings.action).not.toBe('settings');
    }
  });
});
