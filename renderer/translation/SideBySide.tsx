import { type RefObject, forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListProps, Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import type { Translation } from '../../shared/contract/translation';
import { useRowStatus } from './counts';
import { RowStatus, TranslatedRowField } from './TranslatedRowField';

/** The rows' own element is the list (Virtuoso's scroller, which takes the focus, holds it). */
const RowsList = forwardRef<HTMLDivElement, ListProps & { context?: { label: string } }>(({ context, ...props }, ref) => (
  <div {...props} ref={ref} role="list" aria-label={context?.label} />
));

interface Props {
  translation: Translation;
  listRef: RefObject<VirtuosoHandle | null>;
}

/**
 * The original rows and their translations next to each other, in a virtual list (a long
 * transcript has thousands of rows). A row not translated, stale or pending says so in words.
 */
export function SideBySide({ translation, listRef }: Props) {
  const { t } = useTranslation('transcription');
  const dir = translation.rtl ? 'rtl' : 'ltr';
  // As tall as its rows up to the CSS cap (scrolled inside beyond it), so a short transcript leaves no empty box.
  const [height, setHeight] = useState<number | null>(null);
  const statusOf = useRowStatus();
  return (
    <div className="side-by-side" style={height === null ? undefined : { height: `${Math.ceil(height) + 2}px` }}>
      <Virtuoso
        ref={listRef}
        components={{ List: RowsList }}
        context={{ label: t('translation.rowsLabel') }}
        data={translation.rows}
        computeItemKey={(_index, row) => row.id}
        increaseViewportBy={400}
        totalListHeightChanged={setHeight}
        itemContent={(index, row) => (
          <div className={`translation-row ${row.status}`} role="listitem" data-row={row.id}>
            <p className="original-text" dir="auto">
              {row.original}
            </p>
            <div className="translated">
              <TranslatedRowField row={row} dir={dir} label={t('translation.rowLabel', { number: index + 1 })} />
              <RowStatus text={statusOf(row)} />
            </div>
          </div>
        )}
      />
    </div>
  );
}
