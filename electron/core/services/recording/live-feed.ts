import type { Recording } from '../../../../shared/contract/recording';

/**
 * Something that follows a running recording's audio as main keeps it (the live parts sent for
 * the transcript, the captions). It hears each stretch only once it is written and flushed, so
 * what it works from is always on disk; it must never make the recording wait on it.
 */
export interface LiveFeed {
  /** Frames just kept, one buffer of 16-bit samples per track in the recording's track order, the first at frame `at`. */
  heard(tracks: readonly Buffer[], at: number): void;
  /** The recording ended (stopped, ended by the disk, or Confab closing): its files are closed and hold all of it. */
  ended(recording: Recording): Promise<void> | void;
}

/** Opens a feed for a recording just started, in its folder. */
export type LiveFeedOpener = (recording: Recording, folder: string) => LiveFeed;

/** Several feeds heard as one; a feed that throws is its own problem, never the recording's. */
export function feedsOf(feeds: readonly LiveFeed[], warn: (error: unknown) => void): LiveFeed {
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
    async ended(recording) {
      await Promise.all(feeds.map((feed) => Promise.resolve().then(() => feed.ended(recording)).catch(warn)));
    },
  };
}
