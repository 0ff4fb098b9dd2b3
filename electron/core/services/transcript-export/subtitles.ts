import type { EditorDocument, EditorExportOptions } from '../../../../shared/contract/transcriptEditor';
import type { SubtitleRules } from '../../../../shared/domain/transcript';
import type { MainWords } from '../language/language-service';
import type { ResolvePerson } from './talk-time';
import { effectiveSpeakers } from '../../../../shared/domain/transcript-edits';
import { type Cue, cuesFromRows, formatSrt, formatVtt, prefixSpeakers } from '../subtitles';

/** What the page chose for an export, and the user's subtitle rules main keeps. */
type SubtitleOptions = EditorExportOptions & { rules: SubtitleRules };
/** ...and main's words, for what a file names itself (markers without a label); `resolvePerson`: talk time's people as merges left them. */
export type ExportOptions = SubtitleOptions & { words: MainWords; resolvePerson: ResolvePerson };

/**
 * Subtitles from the edited transcript (markers stay out: a cue is shown as something said,
 * and neither format has a place for a mark that is not): each editor row is a run no cue crosses (a split
 * stays split, a merge is re-segmented by the user's rules), words in the order shown.
 * WebVTT names the speaker in a voice span on every cue; SubRip has no voice markup, so
 * "Name: " goes before the first cue where a speaker starts, unless switched off.
 */
export function editedSubtitles(document: EditorDocument, format: 'srt' | 'vtt', options: SubtitleOptions, duration: number | null): string {
  const names = new Map(document.speakers.map((speaker) => [speaker.id, speaker.name]));
  const speakers = effectiveSpeakers(document.blocks).map((id) => (id ? (names.get(id) ?? null) : null));
  const cues = cuesFromRows(document.blocks, options.rules, duration).map(({ run, ...cue }): Cue => {
    const speaker = speakers[run];
    return speaker ? { ...cue, voice: speaker } : cue;
  });
  return format === 'srt' ? formatSrt(options.speakerPrefix ? prefixSpeakers(cues) : cues) : formatVtt(cues);
}
