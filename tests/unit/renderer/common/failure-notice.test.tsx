// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceFailure } from '../../../../shared/domain/service-failure';

vi.mock('../../../../renderer/api', () => ({ api: { settings: { get: async () => ({ uiLanguage: 'en' }) } } }));

const { startI18n } = await import('../../../../renderer/i18n');
const { FailureNotice } = await import('../../../../renderer/common/FailureNotice');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const answered = { kind: 'http', status: 200, code: null, host: null, retryAfterSeconds: null } as const;

async function detailOf(failure: ServiceFailure) {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  await act(async () => root.render(<FailureNotice failure={failure} />));
  const detail = container.querySelector('.notice-detail')?.textContent ?? null;
  await act(async () => root.unmount());
  return detail;
}

describe('the failure notice', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('says "Server said" only over the server\'s own words, not over what Confab diagnosed', async () => {
    await startI18n(Promise.resolve('en'));
    const unreadable: ServiceFailure = { ...answered, reason: 'unreadable_answer', message: '', values: { format: 'srt' } };
    expect(await detailOf(unreadable)).toBe("Details: The service's answer could not be read as srt.");
    const refused: ServiceFailure = { ...answered, kind: 'plan', status: 403, reason: null, message: 'JSON mode needs Pro.' };
    expect(await detailOf(refused)).toBe('Server said: JSON mode needs Pro.');
  });
});
