import { useTranslation } from 'react-i18next';
import { MAX_IMPORT_BYTES } from '../../shared/contract/history';
import { useFormats } from '../i18n';
import { useHistory } from './store';

/** Every conversation out as one zip, and one exported conversation back in. */
export function TransferActions() {
  const { t } = useTranslation('history');
  const { size } = useFormats();
  const { exportAll, importFile } = useHistory.getState();
  return (
    <div className="transfer-actions">
      {/* The label is the visible control; the input inside it stays reachable by keyboard. */}
      <label className="nav-item import">
        {t('transfer.import')}
        <span className="import-limit">{t('transfer.limit', { size: size(MAX_IMPORT_BYTES) })}</span>
        <input
          type="file"
          className="visually-hidden"
          accept=".json,application/json"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared, so choosing the same file again (after fixing it) is a change too.
            event.target.value = '';
            if (file) void importFile(file);
          }}
        />
      </label>
      <button type="button" className="nav-item" onClick={() => void exportAll()}>
        {t('transfer.exportAll')}
      </button>
    </div>
  );
}
