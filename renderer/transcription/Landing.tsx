import { type RefObject, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { VirtuosoHandle } from 'react-virtuoso';
import { scrollBehavior } from '../common/motion';
import type { useNavigation } from '../navigation';
import { formatClock } from './format';
import { type Cited, type PageRow, type RowPlaces, citedRows } from './rows';

/** A citation's rows to land on (navigation's `rowFocus`); `seq` tells a second click on the same rows. */
export type RowFocus = NonNullable<ReturnType<typeof useNavigation.getState>['rowFocus']>;

/** The citations already landed on: each call to openTranscriptAt is a new object. */
const scrolled = new WeakSet<RowFocus>();
const played = new WeakSet<RowFocus>();

/**
 * The landing spot of a citation (a note's item, an answer's claim): the cited rows are
 * highlighted, the first is scrolled into view and, where the transcript has audio, played
 * from its start. Playback starts in the effect of the render the click caused, with no
 * request before play(): the click's user activation still holds and the audio is already
 * loaded with the page. Each call lands once (a second click on the same rows is a new
 * `seq`, and plays again), also when the list is drawn anew (the original shown and hidden).
 */
export function useLanding(props: {
  focus: RowFocus | null;
  rows: readonly PageRow[] | null;
  places: RowPlaces | null;
  itemOf: Int32Array;
  list: RefObject<VirtuosoHandle | null>;
  box: HTMLElement | null;
  player: RefObject<HTMLAudioElement | null>;
  url: string | null;
}): Cited | null {
  const { focus, rows, places, itemOf, list, box, player, url } = props;
  const cited = useMemo(() => (focus && rows ? citedRows(focus.rowIds, rows) : null), [focus, rows]);
  useEffect(() => {
    const handle = list.current;
    if (!focus || !cited || cited.first < 0 || !places || !box || !handle || scrolled.has(focus)) return;
    const paragraph = places.paragraph[cited.first]!;
    if (paragraph < 0) return;
    scrolled.add(focus);
    handle.scrollToIndex({ index: itemOf[paragraph]!, align: 'center' });
    // The list scrolls by its estimate of the heights above; once the row is drawn, it is put in view exactly.
    const id = rows![cited.first]!.id;
    const frame = requestAnimationFrame(() =>
      [...box.querySelectorAll<HTMLElement>('[data-row-id]')].find((element) => element.dataset.rowId === id)?.scrollIntoView({ block: 'center', behavior: scrollBehavior() }),
    );
    return () => cancelAnimationFrame(frame);
  }, [focus, cited, places, box, itemOf, list, rows]);
  useEffect(() => {
    const element = player.current;
    if (!focus || !cited || cited.first < 0 || !url || !element || played.has(focus)) return;
    played.add(focus);
    const start = rows![cited.first]!.startMs;
    if (start === null) return;
    element.currentTime = start / 1000;
    // A refusal (autoplay rules, a format the browser cannot play) is the player's to show, as for a click on a word.
    void element.play().catch(() => undefined);
  }, [focus, cited, url, rows, player]);
  return cited;
}

/** What the landing did, said (a live region, so screen readers hear it too), and cited rows that are gone. */
export function Landing({ landing, rows }: { landing: Cited | null; rows: readonly PageRow[] | null }) {
  const { t } = useTranslation('transcription');
  if (!landing || !rows) return null;
  const first = landing.first >= 0 ? rows[landing.first]! : null;
  return (
    <div className="landing" role="status">
      {first && <p className="hint">{first.startMs !== null ? t('player.cited', { time: formatClock(first.startMs / 1000) }) : t('player.citedUntimed')}</p>}
      {landing.missing > 0 && <p className="notice warning">{first ? t('player.citedMissing') : t('player.citedGone')}</p>}
    </div>
  );
}
