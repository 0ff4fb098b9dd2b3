import type { EditIntent, EditorBlock, EditorDocument, EditorPatch, Speaker } from '../../../../shared/contract/transcriptEditor';
import { Problem } from '../../../../shared/domain/problem';
import { blockText, findPattern } from '../../../../shared/domain/transcript-edits';
import { normalText } from '../../../../shared/domain/words';
import { inTypedWords, retimeBlock } from './retime';
import { snapToEdges } from './snap';
import type { RowCounter } from './row-ids';
import { type PeopleLookup, speakerPatch } from './speaker-choice';

const one = (at: number, remove: number, insert: EditorBlock[]): EditorPatch => ({ ranges: [{ at, remove, insert }], speakers: null });

function blockAt(document: EditorDocument, index: number): EditorBlock {
  const block = document.blocks[index];
  if (!block) throw new Problem('editor.no_row', { row: index + 1, rows: document.blocks.length });
  return block;
}

function speakerAt(document: EditorDocument, id: string): Speaker {
  const speaker = document.speakers.find((candidate) => candidate.id === id);
  if (!speaker) throw new Problem('editor.no_speaker');
  return speaker;
}

/**
 * The patch an intent makes, for the document as it stands; applying it is the caller's
 * (patch.ts), so every edit goes through one path that also records its inverse.
 * `durationMs` bounds time edits at the end of the audio; `rows` gives a split's second half its id.
 */
export function patchFor(document: EditorDocument, intent: EditIntent, durationMs: number | null, rows: RowCounter, people: PeopleLookup | null = null): EditorPatch | null {
  switch (intent.type) {
    case 'text': {
      const block = blockAt(document, intent.block);
      if (blockText(block) === normalText(intent.text)) return null;
      return one(intent.block, 1, [retimeBlock(block, intent.text)]);
    }
    case 'split': {
      // `word` counts the row's words as its text is cut (a Chinese character is one).
      const block = inTypedWords(blockAt(document, intent.block));
      if (intent.word >= block.words.length) throw new Problem('editor.split_at_end');
      const cut = intent.word;
      // The first half is the row as it was (its id stays); the second is a new row.
      return one(intent.block, 1, [
        { id: block.id, speaker: block.speaker, words: block.words.slice(0, cut), times: block.times?.slice(0, cut * 2) ?? null },
        { id: rows.give(), speaker: null, words: block.words.slice(cut), times: block.times?.slice(cut * 2) ?? null },
      ]);
    }
    case 'merge': {
      const block = blockAt(document, intent.block);
      const next = document.blocks[intent.block + 1];
      if (!next) throw new Problem('editor.merge_last');
      const times = block.times && next.times ? [...block.times, ...next.times] : null;
      return one(intent.block, 2, [{ id: block.id, speaker: block.speaker ?? next.speaker, words: [...block.words, ...next.words], times }]);
    }
    case 'nudge':
    case 'setTime':
      return moveEdge(document, intent, durationMs);
    case 'speaker':
      return speakerPatch(document, intent, people);
    case 'renameSpeaker': {
      speakerAt(document, intent.speaker);
      return { ranges: [], speakers: document.speakers.map((speaker) => (speaker.id === intent.speaker ? { ...speaker, name: intent.name } : speaker)) };
    }
    case 'mergeSpeakers': {
      speakerAt(document, intent.from);
      speakerAt(document, intent.into);
      if (intent.from === intent.into) return null;
      const ranges = document.blocks.flatMap((block, at) => (block.speaker === intent.from ? [{ at, remove: 1, insert: [{ ...block, speaker: intent.into }] }] : []));
      return { ranges, speakers: document.speakers.filter((speaker) => speaker.id !== intent.from) };
    }
    case 'replaceAll': {
      const pattern = findPattern(intent);
      const ranges = document.blocks.flatMap((block, at) => {
        const text = blockText(block);
        const replaced = pattern ? text.replace(pattern, () => intent.replace) : text;
        return replaced === text ? [] : [{ at, remove: 1, insert: [retimeBlock(block, replaced)] }];
      });
      return ranges.length ? { ranges, speakers: null } : null;
    }
  }
}

/**
 * A row's start or end moved, clamped so that times stay valid: a start between the
 * previous word's start and the row's first word's end, an end between its last word's
 * start and the next word's end (or the end of the audio). A neighbour the edge now
 * overlaps gives way, so the boundary moves for both rows.
 */
function moveEdge(document: EditorDocument, intent: Extract<EditIntent, { type: 'nudge' | 'setTime' }>, durationMs: number | null): EditorPatch | null {
  const index = intent.block;
  const block = blockAt(document, index);
  if (!block.times || !block.words.length) throw new Problem('editor.no_timings');
  const times = [...block.times];
  const last = times.length - 2;
  if (intent.edge === 'start') {
    const before = document.blocks[index - 1];
    const previous = before?.times ? [...before.times] : null;
    const wanted = intent.type === 'nudge' ? times[0]! + intent.ms : snapToEdges(intent.ms, intent.snap, [before, block]);
    const start = Math.min(Math.max(wanted, previous?.at(-2) ?? 0), times[1]!);
    if (start === times[0]) return null;
    times[0] = start;
    if (previous && previous.at(-1)! > start) {
      previous[previous.length - 1] = start;
      return one(index - 1, 2, [{ ...before!, times: previous }, { ...block, times }]);
    }
    return one(index, 1, [{ ...block, times }]);
  }
  const after = document.blocks[index + 1];
  const following = after?.times ? [...after.times] : null;
  const wanted = intent.type === 'nudge' ? times[last + 1]! + intent.ms : snapToEdges(intent.ms, intent.snap, [block, after]);
  const end = Math.max(Math.min(wanted, following?.[1] ?? durationMs ?? Infinity), times[last]!);
  if (end === times[last + 1]) return null;
  times[last + 1] = end;
  if (following && following[0]! < end) {
    following[0] = end;
    return one(index, 2, [{ ...block, times }, { ...after!, times: following }]);
  }
  return one(index, 1, [{ ...block, times }]);
}
