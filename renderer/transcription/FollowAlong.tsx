import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { problemText } from '../common/problem-text';
import type { Marker, NoteLine, Transcript, Word } from '../../shared/domain/transcript';
import { notesByItem } from '../../shared/domain/markers';
import { MarkerLine } from '../common/MarkerLine';
import { scrollBehavior } from '../common/motion';
import { followPlayback } from '../common/follow-playback';
import { formatClock, formatPrecise } from './format';
import { NoteLines } from './NoteLines';
import { type AudioState } from './store';
import { Landing, type RowFocus, useLanding } from './Landing';
import { type PageRow, type RowPlaces, placeRows } from './rows';
import { ParagraphView } from './ParagraphView';
import { type ListItem, type Paragraph, currentWordAt, lastStartedAt, paragraphsOf, withMarkers } from './timeline';

/** A marker between the paragraphs: a click seeks there (the list's own click handler reads `data-start`). */
function MarkerItem({ marker, number }: { marker: Marker; number: number }) {
  const { t } = useTranslation('transcription');
  return (
    <MarkerLine
      name={marker.label || t('markers.numbered', { number })}
      time={formatClock(marker.at)}
      hint={t('player.playFrom', { time: formatPrecise(marker.at) })}
      at={marker.at}
    />
  );
}

/**
 * The paragraphs (and markers between them) in a virtualized list scrolled by the page's own scroll
 * box (one scroll per pane, renderer.md): a three-hour recording has over 20,000 words, and mounting a
 * button for each cost hundreds of milliseconds and made the accessibility tree that large; only
 * the paragraphs near the view are drawn, so only their words are buttons.
 */
function Body(props: {
  items: ListItem[];
  speakers: ReadonlyArray<string | null>;
  words: readonly Word[];
  scroller: HTMLElement;
  list: RefObject<VirtuosoHandle | null>;
  playing: Playing;
  paragraphOf: Int32Array;
  /** The notes-pad lines beside each paragraph. */
  notes: readonly NoteLine[][];
  rows: readonly PageRow[] | null;
  places: RowPlaces | null;
  cited: ReadonlySet<string> | null;
}) {
  const { words, playing, paragraphOf, speakers, notes, rows, places, cited } = props;
  return (
    <Virtuoso
      ref={props.list}
      customScrollParent={props.scroller}
      data={props.items}
      increaseViewportBy={400}
      itemContent={(_item, entry) =>
        'marker' in entry ? (
          <MarkerItem marker={entry.marker.marker} number={entry.marker.number} />
        ) : (
          <div className="para-row">
            <ParagraphView
              paragraph={entry.paragraph}
              speaker={entry.paragraph.segment !== null ? (speakers[entry.paragraph.segment] ?? null) : null}
              words={words}
              currentWord={playing.word >= 0 && paragraphOf[playing.word] === entry.index ? playing.word : -1}
              current={entry.paragraph.segment !== null && entry.paragraph.segment === playing.segment}
              rows={rows}
              tokenRows={places?.tokens[entry.index] ?? null}
              cited={cited}
            />
            {notes[entry.index]?.length ? <NoteLines lines={notes[entry.index]!} /> : null}
          </div>
        )
      }
    />
  );
}

const NO_SPEAKERS: ReadonlyArray<string | null> = [];
const NO_MARKERS: readonly Marker[] = [];
const NO_NOTES: readonly NoteLine[] = [];

/** The word being spoken and the segment it is in (-1: none). */
type Playing = { word: number; segment: number };

/** The paragraph each timed word is shown in (words outside any paragraph: -1). */
function paragraphOfWords(paragraphs: readonly Paragraph[], count: number): Int32Array {
  const of = new Int32Array(count).fill(-1);
  paragraphs.forEach((paragraph, p) => {
    for (const token of paragraph.tokens) if (token.word !== null) of[token.word] = p;
  });
  return of;
}

/** Scrolls the page just enough to keep the current word in view. */
function keepInView(element: HTMLElement, box: HTMLElement) {
  const top = element.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
  const bottom = top + element.offsetHeight;
  if (top < box.scrollTop + 8 || bottom > box.scrollTop + box.clientHeight - 8) {
    box.scrollTo({ top: Math.max(0, top - box.clientHeight / 3), behavior: scrollBehavior() });
  }
}

/**
 * The recording and its transcript together: while it plays, a requestAnimationFrame loop
 * finds the current word by binary search (timeupdate comes only ~4 times a second) and the
 * paragraph showing it marks it with aria-current="time"; clicking a word or a paragraph
 * time seeks there. `speakers` names who speaks each segment, where the user marked it.
 */
export function FollowAlong({ transcript, speakers = NO_SPEAKERS, audio, rows = null, focus = null, asWritten = false }: {
  transcript: Transcript;
  /** Unedited: the service's text as written, in the paragraphs main made of its rows (timeline.ts). */
  asWritten?: boolean;
  speakers?: ReadonlyArray<string | null>;
  audio: AudioState | null;
  /** Main's rows (reading.rows), shown with their ids; null for the service's original beside an edited transcript. */
  rows?: readonly PageRow[] | null;
  /** A citation to land on: its rows highlighted, scrolled to and played from (Landing.tsx). */
  focus?: RowFocus | null;
}) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const list = useRef<VirtuosoHandle>(null);
  const [box, setBox] = useState<HTMLElement | null>(null);
  // The screen that holds the transcript is what scrolls (its pane's one scroll), not the transcript itself.
  const scroller = box?.closest<HTMLElement>('.screen') ?? null;
  const { t } = useTranslation('transcription');
  const [playError, setPlayError] = useState(false);
  const [playing, setPlaying] = useState<Playing>({ word: -1, segment: -1 });
  const url = audio?.status === 'ready' ? audio.url : null;
  const timed = transcript.words.length > 0 || transcript.segments.length > 0;
  const paragraphs = useMemo(() => paragraphsOf(transcript, asWritten), [transcript, asWritten]);
  const paragraphOf = useMemo(() => paragraphOfWords(paragraphs, transcript.words.length), [paragraphs, transcript.words.length]);
  const markers = transcript.markers ?? NO_MARKERS;
  const { items, itemOf } = useMemo(() => withMarkers(paragraphs, markers), [paragraphs, markers]);
  const typed = transcript.notes ?? NO_NOTES;
  const notes = useMemo(() => notesByItem(paragraphs.map((paragraph) => paragraph.start), typed), [paragraphs, typed]);
  const places = useMemo(() => (rows ? placeRows(rows, paragraphs, transcript.words) : null), [rows, paragraphs, transcript.words]);
  const landing = useLanding({ focus, rows, places, itemOf, list, box, player: audioRef, url });

  useEffect(() => {
    const player = audioRef.current;
    if (!player || !box || !scroller || !timed) return;
    const { words, segments } = transcript;
    let shown: Playing = { word: -1, segment: -1 };

    // While it plays, the list follows: to the word if its paragraph is rendered, else it jumps
    // to the paragraph (far away, after a seek: a smooth scroll would render every row between).
    const follow = (selector: string, paragraph: number) => {
      const element = box.querySelector<HTMLElement>(selector);
      if (element) keepInView(element, scroller);
      else if (paragraph >= 0) list.current?.scrollToIndex({ index: itemOf[paragraph]!, align: 'start' });
    };
    const update = () => {
      const time = player.currentTime;
      const word = words.length ? currentWordAt(words, time) : -1;
      const started = segments.length ? lastStartedAt(segments, time) : -1;
      const segment = started >= 0 && time <= segments[started]!.end + 0.5 ? started : -1;
      if (word === shown.word && segment === shown.segment) return;
      const previous = shown;
      shown = { word, segment };
      setPlaying(shown);
      if (player.paused) return;
      if (word >= 0 && word !== previous.word) follow(`[data-word="${word}"]`, paragraphOf[word]!);
      else if (!words.length && segment >= 0 && segment !== previous.segment) follow(`[data-segment="${segment}"]`, segment);
    };
    const stop = followPlayback(player, update);
    return () => {
      stop();
      setPlaying({ word: -1, segment: -1 });
    };
  }, [transcript, url, timed, box, scroller, paragraphOf, itemOf]);
  useEffect(() => setPlayError(false), [url]);

  const seek = (target: EventTarget) => {
    const button = (target as HTMLElement).closest<HTMLElement>('[data-start]');
    const player = audioRef.current;
    if (!button || !player) return;
    player.currentTime = Number(button.dataset.start);
    // The hint promises playing from there, not only moving the playhead; a refusal (autoplay
    // rules, a format the browser cannot play) is the player's error to show.
    if (player.paused) void player.play().catch(() => undefined);
  };

  return (
    // One block, so the player pinned at its top (transcription.css) goes once the transcript has scrolled by.
    <div className="follow-along">
      <div className="player">
        {audio?.status === 'unavailable' ? (
          <p className="hint">{t('player.unavailable', { problem: problemText(audio.error) })}</p>
        ) : url ? (
          <>
            <audio
              ref={audioRef}
              controls
              preload="auto"
              src={url}
              aria-label={t('player.label')}
              onError={() => setPlayError(true)}
            />
            {playError && <p className="hint">{t('player.cannotPlay')}</p>}
            {!playError && timed && <p className="hint">{t('player.hint')}</p>}
          </>
        ) : (
          <p className="hint">{t('player.loading')}</p>
        )}
      </div>
      <Landing landing={landing} rows={rows} />
      <section
        ref={setBox}
        className={`transcript-text${timed ? ' timed' : ''}`}
        aria-label={t('player.transcript')}
        tabIndex={-1}
        onClick={(event) => seek(event.target)}
      >
        {transcript.text.trim() || timed ? (
          scroller && (
            <Body
              items={items}
              speakers={speakers}
              words={transcript.words}
              scroller={scroller}
              list={list}
              playing={playing}
              paragraphOf={paragraphOf}
              notes={notes}
              rows={rows}
              places={places}
              cited={landing?.ids ?? null}
            />
          )
        ) : <p className="hint">{t('player.empty')}</p>}
      </section>
    </div>
  );
}
