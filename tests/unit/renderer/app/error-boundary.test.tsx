// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';

const reported = vi.hoisted(() => [] as unknown[]);
vi.mock('../../../../renderer/api', () => ({ api: { desktop: { reportError: async (error: unknown) => void reported.push(error) } } }));

const { ErrorBoundary } = await import('../../../../renderer/app/ErrorBoundary');
const { startI18n, switchLanguage } = await import('../../../../renderer/i18n');
await startI18n(Promise.resolve('en'));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let broken = true;
function Screen() {
  if (broken) throw new Error('Cannot read properties of undefined');
  return <p>Back to work</p>;
}

describe('renderer error screen', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('shows a recoverable screen instead of a blank window, logs the error, and Try again re-renders', async () => {
    // React reports the caught error on the console as well; that is expected here.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    await act(async () =>
      root.render(
        <ErrorBoundary>
          <Screen />
        </ErrorBoundary>,
      ),
    );
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('Something went wrong on this screen');
    expect(container.textContent).toContain('Cannot read properties of undefined');
    expect(reported).toEqual([expect.objectContaining({ source: 'render', message: 'Cannot read properties of undefined' })]);

    broken = false;
    const tryAgain = [...container.querySelectorAll('button')].find((button) => button.textContent === 'Try again')!;
    await act(async () => tryAgain.click());
    expect(container.textContent).toBe('Back to work');
    await act(async () => root.unmount());
    quiet.mockRestore();
  });

  it('says it in the UI language, and the error as it was thrown, in its own direction and untranslated', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    broken = true;
    await switchLanguage('ar');
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    await act(async () =>
      root.render(
        <ErrorBoundary>
          <Screen />
        </ErrorBoundary>,
      ),
    );
    expect(container.querySelector('.notice-title')?.textContent).toBe('حدث خطأ ما في هذه الشاشة');
    expect([...container.querySelectorAll('button')].map((button) => button.textContent)).toEqual(['إعادة المحاولة', 'إعادة التحميل']);
    const thrown = [...container.querySelectorAll('p')].find((p) => p.textContent === 'Cannot read properties of undefined')!;
    expect([thrown.getAttribute('translate'), thrown.getAttribute('dir')]).toEqual(['no', 'auto']);
    await switchLanguage('en');
    await act(async () => root.unmount());
    quiet.mockRestore();
  });
});
