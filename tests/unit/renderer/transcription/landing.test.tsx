// @vitest-environment jsdom
import { act } from 'react';
import { type Root, createRoot } from 'react-dom/client';
import { VirtuosoMockContext } from 'react-virtuoso';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TranscriptReading } from '../../../../shared/contract/transcription';
import type { Transcript } from '../../../../shared/domain/transcript';
import { startI18n } from '../../../../renderer/i18n';
import { useNavigation } from '../../../../renderer/navigation';
import { FollowAlong } from '../../../../renderer/transcription/FollowAlong';

// The transcript page's rows and a citation's landing spot, driven through the navigation store
// as a note's or an answer's link will: FollowAlong in jsdom, the media element's play() and
// playhead observed (jsdom plays nothing).

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const said = 'One two three four five six seven eight';
const transcript: Transcript = {
  format: 'verbose_json', text: said, raw: '', language: 'en', duration: 4,
  segments: [{ id: 0, start: 0, end: 2, text: 'One two three four' }, { id: 1, start: 2, end: 4, text: 'five six seven eight' }],
  words: said.split(' ').map((word, i) => ({ word, start: i * 0.5, end: i * 0.5 + 0.4 })),
};
/** Main's rows: two words each, as `reading.rows` carries them. */
const rows: TranscriptReading['rows'] = [0, 1, 2, 3].map((i) => ({ id: (i + 1).toString(36), startMs: i * 1000, endMs: i * 1000 + 900, firstWord: i * 2, wordCount: 2 }));

function Page({ audio = true }: { audio?: boolean }) {
  const focus = useNavigation((s) => s.rowFocus);
  return (
    <VirtuosoMockContext.Provider value={{ viewportHeight: 1000, itemHeight: 40 }}>
      <FollowAlong transcript={transcript} rows={rows} focus={focus} audio={audio ? { id: 't1', status: 'ready', url: 'blob:recording' } : { id: 't1', status: 'unavailable', error: new Error('gone') }} />
    </VirtuosoMockContext.Provider>
  );
}

let root: Root | null = null;
let play: ReturnType<typeof vi.fn>;
const playhead = new WeakMap<HTMLMediaElement, number>();

beforeAll(async () => {
  await startI18n(Promise.resolve('en'));
  // jsdom has no matchMedia; the landing asks it (reduced motion) when it scrolls to the row.
  window.matchMedia = (query: string) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false });
  Object.defineProperty(HTMLMediaElement.prototype, 'currentTime', {
    configurable: true,
    get(this: HTMLMediaElement) { return playhead.get(this) ?? 0; },
    set(this: HTMLMediaElement, value: number) { playhead.set(this, value); },
  });
  Element.prototype.scrollIntoView = () => undefined;
  // The list measures its items with one; jsdom lays nothing out, VirtuosoMockContext gives the sizes.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

beforeEach(() => {
  play = vi.fn(() => Promise.resolve());
  HTMLMediaElement.prototype.play = play as unknown as HTMLMediaElement['play'];
  useNavigation.setState({ transcriptId: 't1', rowFocus: null });
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

async function show(audio = true) {
  // Inside the screen's scroll box, as on the page: the list scrolls with the screen.
  const screen = document.body.appendChild(document.createElement('div'));
  screen.className = 'screen';
  root = createRoot(screen.appendChild(document.createElement('div')));
  await act(async () => root!.render(<Page audio={audio} />));
}

const rowTexts = () => [...document.querySelectorAll<HTMLElement>('[data-row-id]')].map((el) => `${el.dataset.rowId}@${el.dataset.rowStart}:${el.textContent!.trim()}`);
const cited = () => [...document.querySelectorAll<HTMLElement>('mark.cited')].map((el) => el.dataset.rowId);
const status = () => document.querySelector('[role="status"]')?.textContent ?? '';
const player = () => document.querySelector('audio')!;

describe('the transcript page\'s rows', () => {
  it('shows main\'s rows inside the paragraphs, each with its id and start', async () => {
    await show();
    expect(rowTexts()).toEqual(['1@0:One two', '2@1000:three four', '3@2000:five six', '4@3000:seven eight']);
  });
});

describe('the landing spot of a citation', () => {
  it('highlights the cited rows, plays from the first one\'s start and says so; a second click plays again', async () => {
    await show();
    await act(async () => useNavigation.getState().openTranscriptAt('t1', ['4', '3']));
    expect(cited()).toEqual(['3', '4']);
    expect(player().currentTime).toBeCloseTo(2, 3);
    expect(play).toHaveBeenCalledTimes(1);
    expect(status()).toBe('Cited passage highlighted, from 0:02.');
    // The user listens on; the same link again plays from the row's start again.
    player().currentTime = 3.7;
    await act(async () => useNavigation.getState().openTranscriptAt('t1', ['4', '3']));
    expect(player().currentTime).toBeCloseTo(2, 3);
    expect(play).toHaveBeenCalledTimes(2);
  });

  it('lands once per click, not again when the list is drawn anew (the original shown and hidden)', async () => {
    await show();
    await act(async () => useNavigation.getState().openTranscriptAt('t1', ['2']));
    expect(play).toHaveBeenCalledTimes(1);
    await act(async () => root?.unmount());
    await show();
    expect(cited()).toEqual(['2']);
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('says which cited rows are gone instead of ignoring them', async () => {
    await show();
    await act(async () => useNavigation.getState().openTranscriptAt('t1', ['2', 'zz']));
    expect(cited()).toEqual(['2']);
    expect(status()).toContain('Some of what was cited is no longer in this transcript');
    await act(async () => useNavigation.getState().openTranscriptAt('t1', ['zz']));
    expect(cited()).toEqual([]);
    expect(status()).toBe('What was cited is no longer in this transcript: it was edited since.');
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('without audio, only highlights', async () => {
    await show(false);
    await act(async () => useNavigation.getState().openTranscriptAt('t1', ['1']));
    expect(cited()).toEqual(['1']);
    expect(play).not.toHaveBeenCalled();
    expect(status()).toContain('Cited passage highlighted, from 0:00.');
  });
});
