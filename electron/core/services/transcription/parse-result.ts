import type { ResponseFormat, Segment, Transcript, Word } from '../../../../shared/domain/transcript';

const number = (value: unknown): number | null => {
  const parsed = typeof value === 'string' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : null;
};

/** The cue text of an SRT or VTT body, for search and display. */
function subtitleText(raw: string): string {
  return raw
    .replace(/\r/g, '')
    .split(/\n{2,}/)
    .map((block) =>
      block
        .split('\n')
        .filter((line) => line && line !== 'WEBVTT' && !/^\d+$/.test(line) && !line.includes('-->'))
        .join(' '),
    )
    .filter(Boolean)
    .join(' ');
}

/**
 * One Transcript from any of the five formats. verbose_json's `language` may be a code or a
 * name and `duration` a number or a numeric string; both are accepted as they come.
 */
export function parseTranscription(format: ResponseFormat, raw: string): Transcript {
  const base = { format, raw, language: null, duration: null, segments: [], words: [] };
  if (format === 'text') return { ...base, text: raw.trim() };
  if (format === 'srt' || format === 'vtt') return { ...base, text: subtitleText(raw) };
  const body = JSON.parse(raw) as Record<string, unknown>;
  const text = typeof body.text === 'string' ? body.text.trim() : '';
  if (format === 'json') return { ...base, text };
  const segments: Segment[] = (Array.isArray(body.segments) ? body.segments : []).flatMap((segment: Record<string, unknown>, index) => {
    const start = number(segment.start);
    const end = number(segment.end);
    return start === null || end === null ? [] : [{ id: number(segment.id) ?? index, start, end, text: String(segment.text ?? '').trim() }];
  });
  const words: Word[] = (Array.isArray(body.words) ? body.words : []).flatMap((word: Record<string, unknown>) => {
    const start = number(word.start);
    const end = number(word.end);
    return start === null || end === null ? [] : [{ word: String(word.word ?? ''), start, end }];
  });
  return {
    ...base,
    text,
    language: typeof body.language === 'string' ? body.language : null,
    duration: number(body.duration),
    segments,
    words,
  };
}
