// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../renderer/api', () => ({ api: { settings: { get: async () => ({ uiLanguage: 'en' }) } } }));

const { startI18n } = await import('../../../../renderer/i18n');
const { Markdown } = await import('../../../../renderer/chat/markdown/Markdown');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('brackets in an answer about a transcript', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('link a row the transcript has, mark an id it lacks uncited, and leave words and years in brackets as written', async () => {
    await startI18n(Promise.resolve('en'));
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    // Rows 1…c (base 36, as row ids are given), row 5 deleted since.
    const rows = new Map(['1', '2', '3', '4', '6', '7', '8', '9', 'a', 'b', 'c'].map((id, i) => [id, i * 1000]));
    const text = 'Budget cut [4]. He said it [sic] in [2024]. A deleted row [5].';
    await act(async () => root.render(<Markdown text={text} streaming={false} cited={{ transcriptId: 't1', rows }} />));
    const paragraph = container.querySelector('p')!;
    expect(paragraph.querySelectorAll('button')).toHaveLength(1);
    expect(paragraph.textContent).toContain('He said it [sic] in [2024].');
    expect(paragraph.textContent).toContain('A deleted row uncited: names no row of this transcript.');
    await act(async () => root.unmount());
  });
});
