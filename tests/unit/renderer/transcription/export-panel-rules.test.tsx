// @vitest-environment jsdom
import { act } from 'react';
import { type Root, createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TranscriptReading } from '../../../../shared/contract/transcription';

// Main's answer to "what are the subtitle rules", held until the test lets it go.
const main = vi.hoisted(() => ({ answer: null as null | { resolve: (rules: object) => void; reject: (error: Error) => void } }));
vi.mock('../../../../renderer/api', () => ({
  api: {
    settings: {
      // The panel speaks English here: the language main keeps.
      get: () => Promise.resolve({ uiLanguage: 'en' }),
      subtitleRules: () => new Promise((resolve, reject) => void (main.answer = { resolve, reject })),
    },
  },
}));

const { ExportPanel } = await import('../../../../renderer/transcription/ExportPanel');
const { startI18n } = await import('../../../../renderer/i18n');
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const record: TranscriptReading = {
  id: 't1',
  fileName: 'meeting.wav',
  createdAt: 0,
  request: { model: 'speech-1', responseFormat: 'verbose_json', language: '', prompt: '', granularities: ['word'] },
  transcript: { format: 'verbose_json', text: 'Hello', raw: '{}', language: 'en', duration: 1, segments: [], words: [{ word: 'Hello', start: 0, end: 0.5 }] },
  edits: null,
  rows: [{ id: '1', startMs: 0, endMs: 500, firstWord: 0, wordCount: 1 }],
};

const cueSeconds = () => document.querySelector<HTMLInputElement>('input[id$="-maxCueSeconds"]')!;
const alertText = () => document.querySelector('[role="alert"]')?.textContent ?? '';
const SAVED = { maxCharsPerLine: 42, maxLinesPerCue: 2, maxCueSeconds: 3, minCueSeconds: 1, maxCharsPerSecond: 20 };

let root: Root | null = null;

async function open() {
  main.answer = null;
  root = createRoot(document.body.appendChild(document.createElement('div')));
  await act(async () => root!.render(<ExportPanel record={record} />));
}

describe('the export panel\'s subtitle rules', () => {
  beforeAll(() => startI18n(Promise.resolve('en')));
  afterEach(async () => {
    await act(async () => root?.unmount());
    root = null;
    document.body.innerHTML = '';
  });

  it('cannot be edited until main has said what they are, so its answer never replaces typing', async () => {
    await open();
    expect(cueSeconds().disabled).toBe(true);
    expect(document.body.textContent).toContain('Loading your subtitle rules…');
    await act(async () => main.answer!.resolve(SAVED));
    expect(cueSeconds().disabled).toBe(false);
    expect(cueSeconds().value).toBe('3');
    expect(document.body.textContent).toContain('Subtitle rules (changed)');
    expect(document.body.textContent).not.toContain('Loading');
  });

  it('stays locked when main cannot answer, says so, and asks again on Try again', async () => {
    await open();
    await act(async () => main.answer!.reject(new Error('The connection to Confab was lost.')));
    // Editing the defaults now would save them over the user's own rules.
    expect(cueSeconds().disabled).toBe(true);
    expect(alertText()).toBe('Your subtitle rules could not be loaded: Something went wrong that Confab did not expect: The connection to Confab was lost.Try again');
    expect(alertText()).not.toContain('Not exported');
    const first = main.answer;
    await act(async () => document.querySelector<HTMLButtonElement>('[role="alert"] button')!.click());
    expect(main.answer).not.toBe(first);
    await act(async () => main.answer!.resolve(SAVED));
    expect(cueSeconds().disabled).toBe(false);
    expect(cueSeconds().value).toBe('3');
    expect(alertText()).toBe('');
  });
});
