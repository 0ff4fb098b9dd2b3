import type { GlossaryEntry, TranslationEstimate } from '../../../../shared/contract/translation';
import { cutToFit } from '../model-requests/fits';
import { CONTEXT_ROWS, SYNOPSIS_SOURCE_CHARS, TRANSLATE_PART_CHARS, rowSize } from './translate-job';

/**
 * Characters per token: the project has no tokenizer (none of its dependencies carries one, and a
 * model's own is not known here), so the usual rough rule for English prose; CJK runs nearer one
 * character per token, which the page's "about" before the figure allows for.
 */
const CHARS_PER_TOKEN = 4;
/** The batch's instructions and fences, sent with every batch. */
const PROMPT_CHARS = 900;
const SYNOPSIS_CHARS = 600;

/** What a translation of `rows` would send and cost, said before it starts. */
export function estimateOf(rows: ReadonlyArray<{ rowId: string; text: string }>, with_: { glossary: readonly GlossaryEntry[]; speakers: readonly string[]; synopsis: string | null }): TranslationEstimate {
  const characters = rows.reduce((sum, row) => sum + row.text.length, 0);
  const batches = rows.length ? cutToFit(rows, rowSize, TRANSLATE_PART_CHARS).length : 0;
  const sent = rows.reduce((sum, row) => sum + rowSize(row), 0);
  const context =
    PROMPT_CHARS +
    (with_.synopsis?.length ?? SYNOPSIS_CHARS) +
    with_.glossary.reduce((sum, entry) => sum + entry.term.length + entry.spelling.length + 4, 0) +
    with_.speakers.join(', ').length +
    CONTEXT_ROWS * (sent / Math.max(rows.length, 1));
  // Sent: the rows and each batch's context; received: about as much text again. The synopsis, once, when none is kept.
  const synopsis = rows.length && with_.synopsis === null ? Math.min(sent, SYNOPSIS_SOURCE_CHARS) + SYNOPSIS_CHARS * 2 : 0;
  const tokens = Math.ceil((sent * 2 + batches * context + synopsis) / CHARS_PER_TOKEN);
  return { rows: rows.length, characters, tokens, batches, sends: { text: true, synopsis: rows.length > 0, glossaryEntries: with_.glossary.length, speakers: with_.speakers.length } };
}
