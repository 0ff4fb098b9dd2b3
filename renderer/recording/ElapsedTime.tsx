import { useTranslation } from 'react-i18next';
import { formatClock } from '../common/timecode';
import { useRecorder } from './store';

/** The recording's elapsed time, counted by the page's capture: a new second re-renders this line alone. */
export function ElapsedTime() {
  const { t } = useTranslation('recording');
  const seconds = useRecorder((s) => s.seconds);
  return (
    <p className="rec-elapsed">
      <span className="visually-hidden">{t('controls.elapsed')} </span>
      <time role="timer" data-testid="rec-elapsed" dateTime={`PT${seconds}S`}>
        {formatClock(seconds)}
      </time>
    </p>
  );
}
