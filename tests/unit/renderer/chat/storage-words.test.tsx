// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../renderer/api', () => ({ api: { settings: { get: async () => ({ uiLanguage: 'en' }) } } }));

const { startI18n, switchLanguage } = await import('../../../../renderer/i18n');
const { StorageNotice } = await import('../../../../renderer/chat/StorageNotice');
const { useChat } = await import('../../../../renderer/chat/store');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('the storage notice’s words', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('are taken when it shows, so a change of language re-words a notice already on screen', async () => {
    await startI18n(Promise.resolve('en'));
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    useChat.setState({ storageProblem: { kind: 'open', cause: 'removed', title: 'Trip plans' } });
    await act(async () => root.render(<StorageNotice />));
    expect(container.querySelector('[role="alert"] p')?.textContent).toBe('The conversation “Trip plans” was deleted in another window or tab.');

    await act(async () => switchLanguage('de'));
    expect(container.querySelector('[role="alert"] p')?.textContent).toBe('Die Unterhaltung „Trip plans“ wurde in einem anderen Fenster oder Tab gelöscht.');
    expect(container.querySelector('button')?.textContent).toBe('Schließen');
    expect(document.documentElement.dir).toBe('ltr');

    await act(async () => switchLanguage('ar'));
    expect(container.querySelector('[role="alert"] p')?.textContent).toBe('حُذفت المحادثة «Trip plans» في نافذة أو علامة تبويب أخرى.');
    expect(document.documentElement.dir).toBe('rtl');
    await act(async () => root.unmount());
  });
});
