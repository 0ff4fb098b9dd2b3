import type { AudioSplitter } from '../audio-split/types';

const MESSAGE = 'This recording is over the service\'s 25 MB limit, and this build of Confab cannot split recordings. Send a shorter or more compressed recording.';

/** Stands in until a real splitter is injected: a long recording fails with words, short ones are unaffected. */
export const noSplitter: AudioSplitter = {
  plan: () => Promise.reject(new Error(MESSAGE)),
  encodePart: () => Promise.reject(new Error(MESSAGE)),
  close: async () => undefined,
};
