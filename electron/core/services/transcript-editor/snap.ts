import type { EditorBlock } from '../../../../shared/contract/transcriptEditor';

/**
 * Where a dragged row edge lands: on the nearest word edge (a word's start or end, so also
 * where a pause begins or ends) of the rows beside that edge, when one lies within `radius` ms;
 * else where it was dropped. Clamping to neighbours comes after (intents.ts `moveEdge`).
 */
export function snapToEdges(ms: number, radius: number | undefined, rows: ReadonlyArray<EditorBlock | undefined>): number {
  if (!radius) return ms;
  let best = ms;
  let distance = radius + 1;
  for (const row of rows) {
    for (const edge of row?.times ?? []) {
      const away = Math.abs(edge - ms);
      if (away < distance) {
        best = edge;
        distance = away;
      }
    }
  }
  return best;
}
