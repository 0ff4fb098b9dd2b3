// @vitest-environment jsdom
import { act, type ReactNode } from 'react';
import { type Root, createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Translation, TranslationEstimate } from '../../../../shared/contract/translation';

// Main as the panel reaches it: each call recorded, its answers set by the test.
const main = vi.hoisted(() => ({
  calls: [] as Array<[string, unknown]>,
  translation: null as Translation | null,
  editRow: null as null | ((input: { rowId: string; text: string }) => Promise<unknown>),
  /** Why main refuses to delete, or null: it deletes. */
  removeFails: null as Error | null,
  /** How many rows the virtual list draws (fewer: the others scrolled away, unmounted). */
  rowsShown: Infinity,
  /** The model-job watch's listener: the test says what main's jobs are. */
  jobs: null as null | ((message: { id: string; event: unknown }) => void),
}));
vi.mock('../../../../renderer/api', () => {
  const answer = (name: string, result: (input: never) => unknown) => (input: never) => {
    main.calls.push([name, input]);
    return Promise.resolve().then(() => result(input));
  };
  const estimate: TranslationEstimate = { rows: 3, characters: 1234, tokens: 5678, batches: 2, sends: { text: true, synopsis: true, glossaryEntries: 1, speakers: 2 } };
  return {
    api: {
      settings: { get: () => Promise.resolve({ uiLanguage: 'en' }) },
      modelJobs: {
        watch: {
          subscribe: (listener: (message: { id: string; event: unknown }) => void) => ((main.jobs = listener), () => undefined),
          start: () => Promise.resolve({ id: 'w' }),
          cancel: () => Promise.resolve(),
        },
        cancel: answer('cancelJob', () => undefined),
        resume: answer('resumeJob', () => undefined),
      },
      translation: {
        list: answer('list', () => (main.translation ? [{ language: main.translation.language, counts: main.translation.counts, jobId: null }] : [])),
        get: answer('get', () => main.translation),
        estimate: answer('estimate', () => estimate),
        start: answer('start', () => main.translation),
        editRow: (input: { rowId: string; text: string }) => {
          main.calls.push(['editRow', input]);
          return main.editRow!(input);
        },
        setGlossary: answer('setGlossary', (input: { entries: Translation['glossary'] }) => (main.translation = { ...main.translation!, glossary: input.entries })),
        export: answer('export', () => ({ saved: false })),
        remove: answer('remove', () => {
          if (main.removeFails) throw main.removeFails;
          main.translation = null;
        }),
      },
    },
  };
});
// The virtual list draws every row here: jsdom lays nothing out, so it would draw none (the e2e test runs the real one).
vi.mock('react-virtuoso', () => ({
  Virtuoso: ({ data, itemContent }: { data: unknown[]; itemContent: (index: number, item: unknown) => ReactNode }) => (
    <div>{data.slice(0, main.rowsShown).map((item, i) => <div key={i}>{itemContent(i, item)}</div>)}</div>
  ),
}));

const { TranslationsPanel } = await import('../../../../renderer/translation');
const { startI18n } = await import('../../../../renderer/i18n');
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const JA: Translation = {
  transcriptId: 't1',
  language: 'ja',
  rtl: false,
  createdAt: 0,
  rows: [
    { id: 'r1', text: 'こんにちは', original: 'Hello', status: 'translated', edited: false },
    { id: 'r2', text: 'Second row', original: 'Second row', status: 'untranslated', edited: false },
    { id: 'r3', text: '古い訳', original: 'Old text', status: 'stale', edited: false },
  ],
  counts: { rows: 3, translated: 1, untranslated: 1, stale: 1, pending: 0 },
  glossary: [],
  synopsis: 'A meeting',
  jobId: null,
  flags: [{ rowId: 'r3', reason: 'line_too_long' }],
};

let root: Root | null = null;
const text = () => document.body.textContent ?? '';
const button = (name: string) => [...document.querySelectorAll('button')].find((each) => each.textContent === name)!;
/** Waits until the page shows what the test needs next (main's answers resolve as promises). */
const until = (shown: () => boolean) =>
  vi.waitFor(async () => {
    await act(async () => undefined);
    if (!shown()) throw new Error('not shown yet');
  });

/** Types as a user does: React hears the input event with the new value. */
async function type(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!;
  await act(async () => {
    setter.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function open() {
  root = createRoot(document.body.appendChild(document.createElement('div')));
  await act(async () => root!.render(<TranslationsPanel transcriptId="t1" />));
  await until(() => main.calls.some(([name]) => name === 'list'));
}

async function openJapanese(jobId: string | null = null, translation: Translation = JA) {
  main.translation = { ...structuredClone(translation), jobId };
  await open();
  const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(translation.language)!;
  await until(() => button(name) !== undefined);
  await act(async () => button(name).click());
  await until(() => document.querySelector('.translation-row') !== null);
}

describe('the Translations panel', () => {
  beforeAll(() => startI18n(Promise.resolve('en')));
  afterEach(async () => {
    await act(async () => root?.unmount());
    root = null;
    document.body.innerHTML = '';
    main.calls = [];
    main.translation = null;
    main.removeFails = null;
    main.rowsShown = Infinity;
  });

  it('says what leaves the machine and the estimated tokens before anything starts, then starts in BCP 47 on Start', async () => {
    main.translation = null;
    await open();
    await type(document.querySelector<HTMLInputElement>('.translate-into input')!, 'brazil');
    const option = [...document.querySelectorAll('.language-list li')].find((each) => each.textContent === 'Brazilian Portuguese')!;
    await act(async () => (option as HTMLElement).click());
    await until(() => text().includes('What leaves this computer'));
    expect(text()).toContain('What leaves this computer for the model service:');
    expect(text()).toContain('the transcript’s text, row by row (1,234 characters), never its timings');
    expect(text()).toContain('a short synopsis of the meeting');
    expect(text()).toContain('your names and terms: 1');
    expect(text()).toContain('the speakers’ names: 2');
    expect(text()).toContain('About 5,678 tokens (batches: 2).');
    expect(main.calls.map(([name]) => name)).not.toContain('start');
    main.translation = { ...structuredClone(JA), language: 'pt-BR' };
    await act(async () => button('Start').click());
    await until(() => !text().includes('What leaves this computer'));
    expect(main.calls).toContainEqual(['start', { transcriptId: 't1', language: 'pt-BR', only: 'all' }]);
    expect(text()).not.toContain('What leaves this computer');
  });

  it('shows rows side by side, says untranslated and stale in words, and translates again only those', async () => {
    await openJapanese();
    const rows = [...document.querySelectorAll('.translation-row')];
    expect(rows.map((row) => row.querySelector('.original-text')!.textContent)).toEqual(['Hello', 'Second row', 'Old text']);
    expect(rows[1]!.textContent).toContain('Untranslated: shows the original');
    expect(rows[2]!.textContent).toContain('Stale: the original changed since');
    expect(text()).toContain('Translated: 1 · Untranslated: 1 · Stale: 1');
    await act(async () => button('Translate again (rows stale, untranslated or not yet translated: 2)').click());
    await until(() => main.calls.some(([name]) => name === 'estimate'));
    expect(main.calls).toContainEqual(['estimate', { transcriptId: 't1', language: 'ja', only: 'unfinished' }]);
  });

  it('offers to translate rows not translated yet (a cancelled job left them), counted with the others', async () => {
    await openJapanese(null, {
      ...JA,
      rows: [JA.rows[0]!, { id: 'r2', text: 'Second row', original: 'Second row', status: 'pending', edited: false }],
      counts: { rows: 2, translated: 1, untranslated: 0, stale: 0, pending: 1 },
    });
    await act(async () => button('Translate again (rows stale, untranslated or not yet translated: 1)').click());
    await until(() => main.calls.some(([name]) => name === 'estimate'));
    expect(main.calls).toContainEqual(['estimate', { transcriptId: 't1', language: 'ja', only: 'unfinished' }]);
  });

  it('deletes a translation only once confirmed, and says so when main cannot', async () => {
    await openJapanese();
    await act(async () => button('Delete this translation').click());
    expect(main.calls.map(([name]) => name)).not.toContain('remove');
    expect(text()).toContain('Delete the Japanese translation, your edits to it included?');
    await act(async () => button('Keep').click());
    expect(text()).not.toContain('Delete the Japanese translation');
    main.removeFails = new Error('disk full');
    await act(async () => button('Delete this translation').click());
    await act(async () => button('Delete').click());
    await until(() => document.querySelector('[role="alert"]') !== null);
    expect(main.calls).toContainEqual(['remove', { transcriptId: 't1', language: 'ja' }]);
    expect(document.querySelector('[role="alert"]')!.textContent).toMatch(/^The translation was not deleted: .*disk full/);
    expect(document.querySelectorAll('.translation-row')).toHaveLength(3);
    main.removeFails = null;
    await act(async () => button('Delete').click());
    await until(() => document.querySelector('.translation-row') === null);
    expect(document.querySelectorAll('.translation-row')).toHaveLength(0);
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });

  it("shows each row's original as main sent it and the translation in the direction main says", async () => {
    // Central Kurdish is written in Arabic script: main says right to left, whatever its code.
    await openJapanese(null, { ...JA, language: 'ckb', rtl: true, rows: [{ id: 'r1', text: 'سڵاو', original: '日本語の原文です。', status: 'translated', edited: false }] });
    expect(document.querySelector('.original-text')!.textContent).toBe('日本語の原文です。');
    expect(document.querySelector('.translated-text')!.getAttribute('dir')).toBe('rtl');
  });

  it('keeps an edit main refuses in its field, with main\'s message, and saves on Enter', async () => {
    await openJapanese();
    main.editRow = () => Promise.reject(new Error('disk full'));
    const field = () => document.querySelector<HTMLTextAreaElement>('.translated-text[data-row="r1"]')!;
    await type(field(), 'やあ');
    await act(async () => field().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    await until(() => text().includes('Not saved'));
    expect(main.calls).toContainEqual(['editRow', { transcriptId: 't1', language: 'ja', rowId: 'r1', text: 'やあ' }]);
    expect(field().value).toBe('やあ');
    expect(text()).toContain('Not saved (your wording is kept here)');
    expect(text()).toContain('disk full');
    main.editRow = (input) => Promise.resolve((main.translation = { ...main.translation!, rows: main.translation!.rows.map((row) => (row.id === input.rowId ? { ...row, text: input.text, edited: true } : row)) }));
    await act(async () => field().blur());
    await act(async () => field().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    await until(() => text().includes('Edited by you'));
    expect(field().value).toBe('やあ');
    expect(text()).not.toContain('Not saved');
    expect(text()).toContain('Edited by you');
  });

  it('refuses a blank wording before sending it, in main\'s words, and keeps it in the field', async () => {
    await openJapanese();
    const field = () => document.querySelector<HTMLTextAreaElement>('.translated-text[data-row="r1"]')!;
    await type(field(), '  \n ');
    await act(async () => field().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    await until(() => text().includes('Not saved'));
    expect(text()).toContain('A translated row cannot be blank');
    expect(main.calls.filter(([call]) => call === 'editRow')).toEqual([]);
    expect(field().value).toBe('  \n ');
    // Escape drops it: main's text is back.
    await act(async () => field().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(text()).not.toContain('Not saved');
  });

  it('keeps a refused edit, and one not sent yet, while its row scrolls away and back', async () => {
    await openJapanese();
    main.editRow = () => Promise.reject(new Error('disk full'));
    const field = (row: string) => document.querySelector<HTMLTextAreaElement>(`.translated-text[data-row="${row}"]`);
    await type(field('r3')!, '新しい訳');
    await act(async () => field('r3')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    await until(() => text().includes('Not saved'));
    await type(field('r2')!, 'Typed, not yet saved');
    const redraw = () => act(async () => root!.render(<TranslationsPanel transcriptId="t1" />));
    main.rowsShown = 1;
    await redraw();
    expect(field('r3')).toBeNull();
    main.rowsShown = Infinity;
    await redraw();
    expect(field('r3')!.value).toBe('新しい訳');
    expect(field('r2')!.value).toBe('Typed, not yet saved');
    expect(text()).toContain('Not saved (your wording is kept here)');
    // Escape gives main's text back, and the draft is gone for good.
    for (const row of ['r2', 'r3']) await act(async () => field(row)!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(field('r2')!.value).toBe('Second row');
    expect(field('r3')!.value).toBe('古い訳');
    expect(text()).not.toContain('Not saved');
  });

  it('adds a name to the glossary through main, and exports bilingual SRT with the flagged cues named', async () => {
    await openJapanese();
    const [term, spelling] = [...document.querySelectorAll<HTMLInputElement>('.glossary-add input')];
    await type(term!, 'Confab');
    await type(spelling!, 'コンファブ');
    await act(async () => button('Add').click());
    await until(() => document.querySelector('.glossary-entries') !== null);
    expect(main.calls).toContainEqual(['setGlossary', { transcriptId: 't1', language: 'ja', entries: [{ term: 'Confab', spelling: 'コンファブ' }] }]);
    expect(document.querySelector('.glossary-entries')!.textContent).toContain('Confab → コンファブ');
    expect(text()).toContain('Row 3 a line is too long');
    // The flag's link takes the user to the row's translation.
    await act(async () => button('Row 3').click());
    await act(async () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    expect(document.activeElement).toBe(document.querySelector('.translated-text[data-row="r3"]'));
    await act(async () => document.querySelector<HTMLInputElement>('.translation-export input[type="checkbox"]')!.click());
    await act(async () => button('Export SRT').click());
    await until(() => main.calls.some(([name]) => name === 'export'));
    expect(main.calls).toContainEqual(['export', { transcriptId: 't1', language: 'ja', format: 'srt', bilingual: true }]);
  });

  it('follows the translation\'s job: batches and tokens with Cancel, then Resume once it stopped', async () => {
    await openJapanese('j1');
    const job = { id: 'j1', kind: 'translate', subject: 't1', state: 'running', partsDone: 1, partsTotal: 3, usage: { prompt_tokens: 30, completion_tokens: 12, total_tokens: 42 }, waitUntil: null, failure: null, problem: null, createdAt: 1 };
    await act(async () => main.jobs!({ id: 'w', event: { type: 'jobs', jobs: [job] } }));
    await until(() => text().includes('Batch 1 of 3'));
    expect(text()).toContain('Batch 1 of 3 done · 42 tokens used');
    await act(async () => button('Cancel').click());
    expect(main.calls).toContainEqual(['cancelJob', { id: 'j1' }]);
    await act(async () => main.jobs!({ id: 'w', event: { type: 'job', job: { ...job, state: 'cancelled' } } }));
    await until(() => text().includes('Stopped after'));
    expect(text()).toContain('Stopped after batch 1 of 3 · 42 tokens used; finished batches are kept');
    await act(async () => button('Resume').click());
    expect(main.calls).toContainEqual(['resumeJob', { id: 'j1' }]);
  });

  it("says why a job waits or failed: the service's 429 wait, a refused key with what to do", async () => {
    await openJapanese('j1');
    const job = { id: 'j1', kind: 'translate', subject: 't1', state: 'running', partsDone: 1, partsTotal: 3, usage: { prompt_tokens: 30, completion_tokens: 12, total_tokens: 42 }, waitUntil: Date.now() + 30_000, failure: null, problem: null, createdAt: 1 };
    await act(async () => main.jobs!({ id: 'w', event: { type: 'jobs', jobs: [job] } }));
    await until(() => text().includes('slow down'));
    expect(text()).toMatch(/The service asked Confab to slow down; sending again in (30|29) s\./);
    const failure = { kind: 'auth', reason: 'invalid_api_key', status: 401, code: 'invalid_api_key', message: '', host: null, retryAfterSeconds: null };
    await act(async () => main.jobs!({ id: 'w', event: { type: 'job', job: { ...job, state: 'failed', waitUntil: null, failure } } }));
    await until(() => text().includes('The API key is not recognised'));
    expect(text()).toContain('The API key is not recognised');
    expect(text()).toContain('Check that you copied the whole key');
    expect(text()).not.toContain('slow down');
  });
});
