// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProblemData } from '../../../../shared/domain/problem';

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

  it('says main’s account of a repaired history part by part, counts and the backup’s date in the UI language', async () => {
    await startI18n(Promise.resolve('en'));
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    const date = Date.UTC(2026, 2, 14, 9, 30);
    const problems: ProblemData[] = [
      { code: 'history_notice.repaired', values: {} },
      { code: 'history_notice.salvaged', values: { conversations: 241, messages: 2410, transcripts: 0 } },
      { code: 'history_notice.backup_merged', values: { date, conversations: 3, transcripts: 1 } },
      { code: 'history_notice.kept', values: { path: '/data/history.sqlite.damaged-1' } },
    ];
    useChat.setState({ storageProblem: { kind: 'start', cause: 'status', problems, noticeId: 'n1' } });
    await act(async () => root.render(<StorageNotice />));
    const when = (language: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
    expect(container.querySelector('[role="alert"] p')?.textContent).toBe(
      'Confab found damage in your history file and repaired it. ' +
        'Confab copied everything it could still read into a new history (conversations: 241, messages: 2,410, transcripts: 0). ' +
        `Your newest backup (${when('en')}) was merged in and brought back conversations: 3, transcripts: 1. ` +
        'The damaged file was kept as /data/history.sqlite.damaged-1.',
    );

    await act(async () => switchLanguage('de'));
    const text = container.querySelector('[role="alert"] p')?.textContent;
    expect(text).toContain('Nachrichten: 2.410');
    expect(text).toContain(`Ihre neueste Sicherung (${when('de')})`);
    await act(async () => root.unmount());
  });
});
