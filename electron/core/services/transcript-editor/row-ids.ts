/**
 * Row ids: a transcript's own counter in base 36 ("1", "2", … "a", … "10"), short enough to
 * cite by the hundred in a model request. The counter only counts up (it is stored with the
 * document, not in its undo steps), so an id once given never names another row, even after
 * undo took its row away; the original rows are 1…N in order, so an unedited transcript's ids
 * need no storing and Revert brings its rows back under the same ids.
 */
export const rowId = (n: number) => n.toString(36);

/** The ids of a service result's rows, in order; the next id to give is `count + 1`. */
export const originalRowId = (index: number) => rowId(index + 1);

/** Gives new ids from `next` on; `next` is what to store afterwards. */
export function rowCounter(next: number) {
  const counter = {
    next,
    give: () => rowId(counter.next++),
  };
  return counter;
}

export type RowCounter = ReturnType<typeof rowCounter>;
