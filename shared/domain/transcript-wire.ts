import type { EditorBlock, EditorDocument, EditorPatch, WireBlock, WireDocument, WirePatch } from '../contract/transcriptEditor';

/** The editor's blocks in and out of their compact wire shape (see wireBlockSchema). */
export const blockToWire = (block: EditorBlock): WireBlock => ({ id: block.id, speaker: block.speaker, words: block.words.join('\n'), times: block.times?.join(',') ?? null });

export const blockFromWire = (block: WireBlock): EditorBlock => ({
  id: block.id,
  speaker: block.speaker,
  words: block.words ? block.words.split('\n') : [],
  times: block.times === null ? null : block.times ? block.times.split(',').map(Number) : [],
});

export const documentToWire = (document: EditorDocument): WireDocument => ({ blocks: document.blocks.map(blockToWire), speakers: document.speakers });
export const documentFromWire = (document: WireDocument): EditorDocument => ({ blocks: document.blocks.map(blockFromWire), speakers: document.speakers });

export const patchToWire = (patch: EditorPatch): WirePatch => ({
  ranges: patch.ranges.map((range) => ({ ...range, insert: range.insert.map(blockToWire) })),
  speakers: patch.speakers,
});
export const patchFromWire = (patch: WirePatch): EditorPatch => ({
  ranges: patch.ranges.map((range) => ({ ...range, insert: range.insert.map(blockFromWire) })),
  speakers: patch.speakers,
});
