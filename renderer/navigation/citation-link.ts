import { useNavigation } from './navigation';

const PREFIX = '#cite/';

/**
 * A citation as an in-app link, `#cite/<transcript id>/<row id>,<row id>`: the href a note's
 * item or an answer's claim can carry (a real link: focusable, announced as one), and the way
 * the e2e suite lands on rows as a user's click would. A click on it should still call
 * `openTranscriptAt` itself: a hash change arrives a task after the click, and playback is best
 * started on the click's own task chain; the hash is what keyboard, middle-click and tests reach.
 */
export const citationHref = (transcriptId: string, rowIds: readonly string[]) =>
  `${PREFIX}${encodeURIComponent(transcriptId)}/${rowIds.map(encodeURIComponent).join(',')}`;

/** Opens the transcript at the rows a `#cite/…` hash names, now and on every later one. */
export function followCitationLinks(target: Window = window): void {
  const follow = () => {
    const { hash, pathname, search } = target.location;
    if (!hash.startsWith(PREFIX)) return;
    // Cleared at once, so the same link followed again is a change again, and plays again.
    target.history.replaceState(target.history.state, '', pathname + search);
    const [id, rows] = hash.slice(PREFIX.length).split('/');
    const rowIds = rows?.split(',').filter(Boolean).map(decodeURIComponent) ?? [];
    if (id && rowIds.length) useNavigation.getState().openTranscriptAt(decodeURIComponent(id), rowIds);
  };
  target.addEventListener('hashchange', follow);
  follow();
}
