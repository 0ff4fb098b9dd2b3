import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecorder } from './store';

/**
 * A track's level, 0..1, read from the recorder's state by itself, so a change re-renders this
 * meter alone. The bar is a fixed gradient with a cover shrunk off it by a transform on a layer of
 * its own: a change is the compositor's (no layout, no paint of the page), where a `<meter>`'s
 * value is laid out and painted again, up to three times a second all meeting long.
 */
export function LevelMeter({ label, track, paused }: { label: string; track: number; paused: boolean }) {
  const level = useRecorder((s) => (paused ? 0 : (s.levels[track] ?? 0)));
  const { i18n } = useTranslation();
  return (
    <div className="rec-level">
      <span className="rec-level-label">{label}</span>
      <div className="rec-meter" role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={1} aria-valuenow={level} aria-valuetext={new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(level)}>
        <div className="rec-meter-cover" style={{ '--level': level } as CSSProperties} />
      </div>
    </div>
  );
}
