export { type LiveCutOptions, DEFAULT_LIVE_CUTS } from './live-cutter';
export { type LivePartDone, type LiveParts, type LivePartsDeps, createLiveParts } from './live-parts';
