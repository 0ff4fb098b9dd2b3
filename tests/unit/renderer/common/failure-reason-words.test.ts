import { beforeAll, describe, expect, vi, expectTypeOf, it } from 'vitest';
import { REASON_WORDS, guidanceFor } from '../../../../renderer/common/failure-guidance';
import { i18n } from '../../../../renderer/i18n';
import { english } from '../../../../shared/i18n/english';
import { i18nOptions } from '../../../../shared/i18n/options';
import { type FailureReason, type ServiceFailure, failureReason } from '../../../../shared/domain/service-failure';
import { catalogue } from '../../../support/catalogue';

// The guidance reads i18next only; the page's bridge to main is not needed.
vi.mock('../../../../renderer/api', () => ({ api: {} }));

// Node 22 has no Intl.DurationFormat (Chromium has): durations are checked where it exists, and in the e2e journeys.
const withDurations = 'DurationFormat' in Intl;
const DURATION_REASONS: FailureReason[] = ['timeout', 'idle'];

const failure = (reason: FailureReason): ServiceFailure => ({
  kind: 'network',
  reason,
  status: null,
  code: reason,
  message: '',
  values: { host: 'api.example.com', proxy: 'http://proxy.example.com:3128', from: 'a.example.com', to: 'b.example.com', detail: 'ECONNREFUSED', count: 5, bytes: 16 * 1024 * 1024, tools: 'search', scheme: 'ftp:', server: 'Weather', tool: 'get_weather', format: 'srt', excerpt: '{"choices":[' },
  host: 'api.example.com',
  retryAfterSeconds: null,
  ...(DURATION_REASONS.includes(reason) && { values: { host: 'api.example.com', seconds: 30 } }),
});

beforeAll(async () => {
  await i18n.init({ ...i18nOptions('en'), resources: { en: english, de: catalogue('de') } });
});

describe('the words for failure reasons', () => {
  it('are keyed by exactly the reasons main produces, checked by the type checker', () => {
    expectTypeOf<keyof typeof REASON_WORDS>().toEqualTypeOf<FailureReason>();
    expect(Object.keys(REASON_WORDS).sort()).toEqual([...failureReason.options].sort());
  });

  it('make a reason without words a type error', () => {
    type Grown = FailureReason | 'a_new_reason';
    // @ts-expect-error: 'a_new_reason' has no words, which is what `npm run typecheck` must refuse.
    const grown: Record<Grown, unknown> = REASON_WORDS;
    expect(grown).toBe(REASON_WORDS);
  });

  it.each(['en', 'de'])('say every reason in %s with its values filled in, never a bare key or placeholder', async (language) => {
    await i18n.changeLanguage(language);
    for (const reason of failureReason.options.filter((reason) => withDurations || !DURATION_REASONS.includes(reason))) {
      const { title, advice, detail } = guidanceFor(failure(reason));
      for (const words of [title, advice, ...(detail === null ? [] : [detail])]) {
        expect(words, reason).not.toMatch(/\{\{|failure\.|^$/);
      }
    }
    await i18n.changeLanguage('en');
  });

  it('word main\'s diagnosis from its values, with durations and sizes in the UI language', async () => {
    if (withDurations) expect(guidanceFor(failure('timeout')).detail).toBe('api.example.com did not answer within 30 sec; Confab stopped waiting.');
    expect(guidanceFor(failure('too_large')).detail).toMatch(/^The answer from api\.example\.com is larger than 16\.0 MB; Confab stopped reading it\.$/);
    await i18n.changeLanguage('de');
    expect(guidanceFor(failure('proxy_unreachable'))).toMatchObject({
      title: 'Der Proxy ist nicht erreichbar',
      detail: expect.stringContaining('http://proxy.example.com:3128') as string,
    });
    expect(guidanceFor({ ...failure('tool_missing'), kind: 'not_configured' })).toMatchObject({
      title: 'Weather bietet das Werkzeug get_weather nicht mehr an',
      advice: 'Schalten Sie das Werkzeug für diese Unterhaltung aus.',
      detail: null,
    });
    await i18n.changeLanguage('en');
  });
});
