// @vitest-environment jsdom
import { act } from 'react';
import { type Root, createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../../../shared/contract/jobs';
import type { Transcript } from '../../../../shared/domain/transcript';
import { startI18n, switchLanguage } from '../../../../renderer/i18n';
import { JobStatus } from '../../../../renderer/transcription/JobStatus';
import { TranscriptWarnings } from '../../../../renderer/transcription/TranscriptWarnings';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const OVERRUN = { code: 'part_check.timings_overrun', values: { end: 700.5, length: 600 } };
const LOOPED = { code: 'part_check.looped', values: {} };

const part = (index: number, flag: Job['parts'][number]['flag']) => ({ index, startSeconds: index * 600, endSeconds: (index + 1) * 600, state: 'done' as const, flag });
const job: Job = {
  id: 'j1', fileName: 'meeting.wav', size: 1, format: 'wav', createdAt: 0, state: 'done', responseFormat: 'verbose_json', step: null,
  planned: null, prepared: null, sentBytes: 0, totalBytes: 0, currentPart: null, partsInFlight: 0, wait: null, durationSeconds: 1800, etaSeconds: null,
  failure: null, problem: null, recordId: 't1', parts: [part(0, null), part(1, LOOPED), part(2, OVERRUN)],
};
const KEPT_IN_ENGLISH = 'Part 3 may be wrong: its timings run to 700.0 s in a part 600.0 s long.';
const transcript: Transcript = {
  format: 'verbose_json', text: 'Hello', raw: '{}', language: 'en', duration: 1800, segments: [], words: [],
  warnings: [
    { start: 600, end: 1200, part: 2, problem: LOOPED },
    { start: 1200, end: 1800, message: KEPT_IN_ENGLISH },
  ],
};

let root: Root | null = null;
async function unmount() {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = '';
}
async function show(element: React.ReactElement) {
  await unmount();
  root = createRoot(document.body.appendChild(document.createElement('div')));
  await act(async () => root!.render(element));
  return [...document.querySelectorAll('p')].map((p) => p.textContent);
}

describe('why a part may be wrong, said from main\'s codes', () => {
  beforeAll(() => startI18n(Promise.resolve('en')));
  afterEach(async () => {
    await unmount();
    await switchLanguage('en');
  });

  it('words each flagged part of a done job in the UI language, numbers in its own format', async () => {
    expect((await show(<JobStatus job={job} />)).slice(1)).toEqual([
      'Part 2 may be wrong: the same words repeat over and over, which usually means the model looped. The transcript marks it.',
      'Part 3 may be wrong: its timings run to 700.5 s in a part 600 s long. The transcript marks it.',
    ]);
    await unmount();
    await switchLanguage('de');
    expect((await show(<JobStatus job={job} />)).at(-1)).toBe(
      'Teil 3 ist womöglich fehlerhaft: seine Zeitangaben reichen bis 700,5 s, der Teil ist aber nur 600 s lang. Das Transkript markiert die Stelle.',
    );
  });

  it('words a transcript\'s coded warnings, and shows an old transcript\'s English warning as it was kept, untranslated', async () => {
    await switchLanguage('fr');
    const lines = await show(<TranscriptWarnings transcript={transcript} />);
    expect(lines[0]).toBe('10:00–20:00: La partie 2 est peut-être erronée : les mêmes mots se répètent encore et encore, ce qui signifie en général que le modèle a bouclé.');
    expect(lines[1]).toBe(`20:00–30:00: ${KEPT_IN_ENGLISH}`);
    expect(document.querySelector('[translate="no"]')?.textContent).toBe(KEPT_IN_ENGLISH);
  });
});
