import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { EditRefusal } from '../../shared/contract/transcriptEditor';
import { CopyButton } from '../common/CopyButton';
import { keepTheirs, saveMine, useEditor } from './store';

function what(conflict: EditRefusal, t: TFunction<'editor'>): string {
  const { row, now } = conflict;
  switch (conflict.code) {
    case 'document_changed':
      return row === null ? t('conflicts.someRow') : t('conflicts.documentChanged', { row: row + 1 });
    case 'row_changed':
      if (row === null) return t('conflicts.someRowChanged');
      return now !== null && now !== row ? t('conflicts.rowMoved', { row: row + 1, now: now + 1 }) : t('conflicts.rowChanged', { row: row + 1 });
  }
}

/**
 * Edits main refused because another window changed their row first: the refused text stays
 * here until the user copies it, saves it over the other change, or keeps the other change.
 */
export function Conflicts() {
  const { t } = useTranslation('editor');
  const conflicts = useEditor((view) => view.conflicts);
  if (!conflicts.length) return null;
  return (
    <div className="notice error" role="alert">
      {conflicts.map((conflict, i) => {
        const canSave = conflict.code === 'row_changed' && conflict.now !== null && conflict.text !== null;
        return (
          <div key={`${conflict.row}-${i}`} className="ed-conflict">
            <p className="notice-title">{what(conflict, t)}</p>
            {conflict.text !== null && (
              <>
                <p>{t('conflicts.typed')}</p>
                <blockquote className="ed-unsaved" dir="auto" translate="no">
                  {conflict.text}
                </blockquote>
                <CopyButton label={t('conflicts.copyTyped')} text={() => conflict.text!} />
              </>
            )}
            <div className="ed-conflict-choices">
              {canSave && (
                <button type="button" className="small" onClick={() => saveMine(conflict)}>
                  {t('conflicts.useMine')}
                </button>
              )}
              <button type="button" className="small secondary" onClick={() => keepTheirs(conflict)}>
                {conflict.text === null ? t('conflicts.dismiss') : t('conflicts.keepTheirs')}
              </button>
            </div>
          </div>
        );
      })}
    </div>
  );
}
