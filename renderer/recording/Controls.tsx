import { useTranslation } from 'react-i18next';
import type { Recording } from '../../shared/contract/recording';
import { Keys } from '../common/Keys';
import { SHORTCUTS } from '../common/shortcuts';
import { stopAndShowQueue } from './actions';
import { formatClock } from '../common/timecode';
import { ElapsedTime } from './ElapsedTime';
import { LevelMeter } from './LevelMeter';
import { markNow, setPaused } from './session';
import { useRecorder } from './store';

/** The running recording: elapsed time, a meter per track, Pause/Resume, Mark and Stop. The clock and meters read the page's capture themselves, so their ticks re-render only them. */
export function Controls({ recording }: { recording: Recording }) {
  const { t } = useTranslation('recording');
  const phase = useRecorder((s) => s.phase);
  const paused = recording.state === 'paused';
  const busy = phase !== 'capturing';

  return (
    <section className="card rec-controls" aria-labelledby="rec-controls-heading">
      <h2 id="rec-controls-heading">
        <span className={paused ? 'rec-dot paused' : 'rec-dot'} aria-hidden="true" />
        {paused ? t('controls.paused') : t('controls.heading')}
      </h2>
      <ElapsedTime />
      <div className="rec-levels">
        {recording.tracks.map((track, index) => (
          <LevelMeter key={track} label={track === 'mic' ? t('controls.levelMic') : t('controls.levelSystem')} track={index} paused={paused} />
        ))}
      </div>
      <div className="rec-buttons">
        <button type="button" className="secondary" disabled={busy} onClick={() => void setPaused(!paused)}>
          {paused ? t('controls.resume') : t('controls.pause')}
        </button>
        <button
          type="button"
          className="secondary"
          disabled={busy || paused}
          title={t('controls.markTitle', { shortcut: SHORTCUTS.mark.label })}
          aria-keyshortcuts={SHORTCUTS.mark.aria}
          onClick={() => void markNow()}
        >
          <span>{t('controls.mark')}</span> <Keys label={SHORTCUTS.mark.label} />
        </button>
        <button type="button" className="danger" disabled={busy} onClick={() => void stopAndShowQueue()}>
          {phase === 'stopping' ? t('controls.stopping') : t('controls.stop')}
        </button>
      </div>
      {recording.markers.length > 0 && (
        <details className="rec-markers">
          <summary>{t('controls.markers', { count: recording.markers.length })}</summary>
          <ol>
            {recording.markers.map((marker, index) => (
              <li key={`${marker.at}-${index}`}>{marker.label || t('controls.marked', { number: index + 1, time: formatClock(marker.at) })}</li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}
