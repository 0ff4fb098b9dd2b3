// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReplyCitation } from '../../../../shared/contract/ask';

vi.mock('../../../../renderer/api', () => ({ api: { settings: { get: async () => ({ uiLanguage: 'en' }) } } }));

const { startI18n } = await import('../../../../renderer/i18n');
const { Markdown } = await import('../../../../renderer/chat/markdown/Markdown');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('brackets in an answer about a transcript', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('show main’s verdicts: a supported row linked, one its rows do not support linked and said so, a made-up row not supported, words and years as written', async () => {
    await startI18n(Promise.resolve('en'));
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    const verdicts = new Map<string, ReplyCitation>([
      ['4', { ids: ['4'], status: 'supported', rows: [{ rowId: '4', startMs: 3000 }] }],
      ['6', { ids: ['6'], status: 'unsupported', rows: [{ rowId: '6', startMs: 4000 }] }],
      ['5', { ids: ['5'], status: 'unsupported', rows: [] }],
      ['sic', { ids: ['sic'], status: 'text', rows: [] }],
    ]);
    const text = 'Budget cut [4]. Profits rose [6]. He said it [sic] in [2024]. A deleted row [5].';
    await act(async () => root.render(<Markdown text={text} streaming={false} cited={{ transcriptId: 't1', verdicts }} />));
    const paragraph = container.querySelector('p')!;
    expect([...paragraph.querySelectorAll('button')].map((button) => button.textContent)).toEqual(['0:03', '0:04']);
    expect(paragraph.textContent).toContain('Profits rose 0:04 not supported by the cited rows.');
    expect(paragraph.textContent).toContain('He said it [sic] in [2024].');
    expect(paragraph.textContent).toContain('A deleted row not supported: names no row of this transcript.');
    await act(async () => root.unmount());
  });
});
