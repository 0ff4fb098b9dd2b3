import type { PauseHint, Recording } from '../../../../shared/contract/recording';

/**
 * Something that follows a running recording's audio as main keeps it (the live parts sent for
 * the transcript, the captions). It hears each stretch only once it is written and flushed, so
 * what it works from is always on disk; it must never make the recording wait on it.
 */
export interface LiveFeed {
  /** Frames just kept, one buffer of 16-bit samples per track in the recording's track order, the first at frame `at`. */
  heard(tracks: readonly Buffer[], at: number): void;
  /** What the page's capture may watch for to hand audio over early (see `PauseHint`); null or absent: by the second. */
  pauseHint?(): PauseHint | null;
  /** The recording ended (stopped, ended by the disk, or Confab closing): its files are closed and hold all of it. */
  ended(recording: Recording): Promise<void> | void;
}

/** Opens a feed for a recording just started, in its folder. */
export type LiveFeedOpener = (recording: Recording, folder: string) => LiveFeed;

/** How long the end may hold Stop: a feed hands over what it made, it does not wait on the network. */
export const FEED_END_MS = 5_000;

/**
 * Several feeds heard as one. A feed that throws (opening, hearing or ending) is its own problem,
 * never the recording's; the end is told once, and Stop waits for it at most FEED_END_MS.
 */
export function feedsOf(openers: readonly LiveFeedOpener[], recording: Recording, folder: string, warn: (error: unknown) => void): LiveFeed {
  const feeds = openers.flatMap((open) => {
    try {
      return [open(recording, folder)];
    } catch (error) {
      warn(error);
      return [];
    }
  });
  let ending: Promise<void> | null = null;
  return {
    heard(tracks, at) {
      for (const feed of feeds) {
        try {
          feed.heard(tracks, at);
        } catch (error) {
          warn(error);
        }
      }
    },
    pauseHint() {
      for (const feed of feeds) {
        try {
          const hint = feed.pauseHint?.();
          if (hint) return hint;
        } catch (error) {
          warn(error);
        }
      }
      return null;
    },
    ended(final) {
      ending ??= (async () => {
        let timer: NodeJS.Timeout | undefined;
        const all = Promise.all(feeds.map((feed) => Promise.resolve().then(() => feed.ended(final)).catch(warn)));
        const late = new Promise<void>((resolve) => (timer = setTimeout(() => (warn(new Error('A live feed took too long to end.')), resolve()), FEED_END_MS)));
        await Promise.race([all, late]).finally(() => clearTimeout(timer));
      })();
      return ending;
    },
  };
}
