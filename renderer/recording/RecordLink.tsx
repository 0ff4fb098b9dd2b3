import { useTranslation } from 'react-i18next';
import { useNavigation } from '../navigation';
import { useRecorder } from './store';

/** The sidebar's way to the recorder; while a recording runs it says so from every screen. */
export function RecordLink({ folded = false }: { folded?: boolean }) {
  const { t } = useTranslation('recording');
  const view = useNavigation((s) => s.view);
  const running = useRecorder((s) => s.event?.active?.state === 'recording' || s.event?.active?.state === 'paused');
  const name = running ? t('nav.recording') : t('nav.record');
  // Folded to an icon, the sidebar shows no words: the name comes on hover.
  return (
    <button
      type="button"
      className="nav-item record-link"
      aria-current={view === 'recording' ? 'page' : undefined}
      title={folded ? name : undefined}
      onClick={() => useNavigation.getState().show('recording')}
    >
      {running && <span className="rec-dot" aria-hidden="true" />}
      {name}
    </button>
  );
}
