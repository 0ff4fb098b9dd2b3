import { Fragment, memo, useEffect, useMemo, useRef, useState } from 'react';
import type { Transcript } from '../../shared/domain/transcript';
import { scrollBehavior } from '../common/motion';
import { followPlayback } from '../common/follow-playback';
import { formatClock, formatPrecise } from './format';
import { type AudioState } from './store';
import { currentWordAt, lastStartedAt, paragraphsOf } from './timeline';

/**
 * The transcript's paragraphs; words with timings are buttons that seek (kept out of the tab
 * order, there may be thousands: the paragraph times are the keyboard's way to seek).
 */
const Body = memo(function Body({ transcript }: { transcript: Transcript }) {
  const paragraphs = useMemo(() => paragraphsOf(transcript), [transcript]);
  const { words } = transcript;
  return (
    <>
      {paragraphs.map((paragraph, i) => (
        <p key={i} className="para" data-segment={paragraph.segment ?? undefined}>
          {paragraph.start !== null && (
            <button type="button" className="para-time" data-start={paragraph.start} aria-label={`Play from ${formatPrecise(paragraph.start)}`}>
              {formatClock(paragraph.start)}
            </button>
          )}
          <span className="para-text">
            {paragraph.tokens.map((token, k) => {
              const space = k > 0 ? ' ' : '';
              if (token.word === null) return `${space}${token.text}`;
              const word = words[token.word]!;
              return (
                <Fragment key={k}>
                  {space}
                  <button
                    type="button"
                    tabIndex={-1}
                    className="word"
                    data-word={token.word}
                    data-start={word.start}
                    title={`${formatPrecise(word.start)}–${formatPrecise(word.end)}`}
                  >
                    {token.text}
                  </button>
                </Fragment>
              );
            })}
          </span>
        </p>
      ))}
    </>
  );
});

/** Scrolls the transcript box just enough to keep the current word in view. */
function keepInView(element: HTMLElement, box: HTMLElement) {
  const top = element.offsetTop;
  const bottom = top + element.offsetHeight;
  if (top < box.scrollTop + 8 || bottom > box.scrollTop + box.clientHeight - 8) {
    box.scrollTo({ top: Math.max(0, top - box.clientHeight / 3), behavior: scrollBehavior() });
  }
}

/**
 * The recording and its transcript together: while it plays, a requestAnimationFrame loop
 * finds the current word by binary search (timeupdate comes only ~4 times a second) and marks
 * it with aria-current="time"; clicking a word or a paragraph time seeks there.
 */
export function FollowAlong({ transcript, audio }: { transcript: Transcript; audio: AudioState | null }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const boxRef = useRef<HTMLElement>(null);
  const [playError, setPlayError] = useState<string | null>(null);
  const url = audio?.status === 'ready' ? audio.url : null;
  const timed = transcript.words.length > 0 || transcript.segments.length > 0;

  useEffect(() => {
    const player = audioRef.current;
    const box = boxRef.current;
    if (!player || !box || !timed) return;
    const { words, segments } = transcript;
    const wordElements: HTMLElement[] = [];
    for (const element of box.querySelectorAll<HTMLElement>('[data-word]')) wordElements[Number(element.dataset.word)] = element;
    const segmentElements: HTMLElement[] = [];
    for (const element of box.querySelectorAll<HTMLElement>('[data-segment]')) segmentElements[Number(element.dataset.segment)] = element;
    let word = -1;
    let segment = -1;

    const update = () => {
      const time = player.currentTime;
      const nextWord = words.length ? currentWordAt(words, time) : -1;
      if (nextWord !== word) {
        wordElements[word]?.removeAttribute('aria-current');
        word = nextWord;
        const element = wordElements[word];
        if (element) {
          element.setAttribute('aria-current', 'time');
          if (!player.paused) keepInView(element, box);
        }
      }
      const nextSegment = segments.length ? lastStartedAt(segments, time) : -1;
      const inSegment = nextSegment >= 0 && time <= segments[nextSegment]!.end + 0.5 ? nextSegment : -1;
      if (inSegment !== segment) {
        segmentElements[segment]?.classList.remove('current');
        segment = inSegment;
        const element = segmentElements[segment];
        if (element) {
          element.classList.add('current');
          if (!player.paused && !words.length) keepInView(element, box);
        }
      }
    };
    const stop = followPlayback(player, update);
    return () => {
      stop();
      wordElements[word]?.removeAttribute('aria-current');
      segmentElements[segment]?.classList.remove('current');
    };
  }, [transcript, url, timed]);

  useEffect(() => setPlayError(null), [url]);

  const seek = (target: EventTarget) => {
    const button = (target as HTMLElement).closest<HTMLElement>('[data-start]');
    const player = audioRef.current;
    if (!button || !player) return;
    player.currentTime = Number(button.dataset.start);
  };

  return (
    <>
      <div className="player">
        {audio?.status === 'unavailable' ? (
          <p className="hint">The recording cannot be played: {audio.problem}</p>
        ) : url ? (
          <>
            <audio
              ref={audioRef}
              controls
              preload="auto"
              src={url}
              aria-label="Recording"
              onError={() => setPlayError('This recording\'s format cannot be played here. The transcript and its exports are unaffected.')}
            />
            {playError && <p className="hint">{playError}</p>}
            {!playError && timed && <p className="hint">Click a word or a time to play from there.</p>}
          </>
        ) : (
          <p className="hint">Loading the recording…</p>
        )}
      </div>
      <section
        ref={boxRef}
        className={`transcript-text${timed ? ' timed' : ''}`}
        aria-label="Transcript"
        tabIndex={-1}
        onClick={(event) => seek(event.target)}
      >
        {transcript.text.trim() || timed ? <Body transcript={transcript} /> : <p className="hint">The service returned no text: the recording may be silent.</p>}
      </section>
    </>
  );
}
