import type { Components } from 'react-virtuoso';
import type { EditorBlock } from '../../shared/contract/transcriptEditor';

/** What the list's parts need to know of the whole: only the rows near the view exist. */
export interface RowListContext {
  count: number;
  /** Names the transcript and says how many rows it has. */
  label: string;
}

/**
 * The rows as a list a screen reader can count. Virtualized, the page holds only the rows near
 * the view, so each says where it stands in the whole ("row 40 of 812") instead of the reader
 * taking the few mounted ones for the transcript.
 */
export const rowListParts: Components<EditorBlock, RowListContext> = {
  List: ({ context, ...props }) => <div {...props} role="list" aria-label={context?.label} />,
  Item: ({ context, item: _item, ...props }) => <div {...props} role="listitem" aria-posinset={props['data-index'] + 1} aria-setsize={context?.count} />,
};
