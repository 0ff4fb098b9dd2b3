/** Subtitles from a verbose_json transcription: re-segmentation into cues, and SRT/VTT/text writers. */
export { type Cue, PAUSE_SECONDS, cuesFromRows, cuesFromSegments, cuesFromWords, wordsInCues } from './cues';
export { PARAGRAPH_GAP_SECONDS, formatSrt, formatVtt, prefixSpeakers } from './format';
export { collapseSpace, separator } from './text';
export { type TranslatedCueRow, MAX_ROW_CHARS, formatTranslatedCues, translatedCues } from './translated-cues';
