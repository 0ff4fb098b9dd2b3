import { describe, expect, it } from 'vitest';
import { serviceFailure } from '../../../../shared/domain/service-failure';

// As a conversation or a job kept it before failures carried a reason.
const stored = (kind: string, code: string | null) => ({ kind, status: null, code, message: 'What main said.', host: null, retryAfterSeconds: null });

describe('a failure stored before reasons existed', () => {
  it('reads with the reason main gives such a failure now, so its words and the chat\'s way on stay', () => {
    expect(serviceFailure.parse(stored('stream', 'tool_step_limit')).reason).toBe('tool_step_limit');
    expect(serviceFailure.parse(stored('http', 'cross_origin_redirect')).reason).toBe('cross_origin_redirect');
    expect(serviceFailure.parse(stored('network', 'proxy_auth_required')).reason).toBe('proxy_auth_required');
    expect(serviceFailure.parse({ ...stored('auth', 'expired_api_key'), status: 401 }).reason).toBe('expired_api_key');
  });

  it('has none where the kind says it all: the service\'s own codes, a broken stream, a system error', () => {
    expect(serviceFailure.parse({ ...stored('server', 'timeout'), status: 504 }).reason).toBeNull();
    expect(serviceFailure.parse(stored('stream', 'timeout')).reason).toBeNull();
    expect(serviceFailure.parse(stored('network', 'ECONNREFUSED')).reason).toBeNull();
    expect(serviceFailure.parse({ ...stored('http', 'missing_api_key'), status: 404 }).reason).toBeNull();
  });

  it('keeps the reason main gave, none included', () => {
    expect(serviceFailure.parse({ ...stored('network', 'timeout'), reason: null }).reason).toBeNull();
    expect(serviceFailure.parse({ ...stored('network', 'timeout'), reason: 'timeout' }).reason).toBe('timeout');
  });
});
