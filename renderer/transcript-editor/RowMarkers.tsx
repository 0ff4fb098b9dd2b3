import { useTranslation } from 'react-i18next';
import type { PlacedMarker } from '../../shared/domain/markers';
import { MarkerLine } from '../common/MarkerLine';
import { clock, playFrom } from './player';

/** Markers dropped while recording, shown between the rows where they fall; each plays from its time. */
export function RowMarkers({ markers }: { markers: readonly PlacedMarker[] }) {
  const { t } = useTranslation('editor');
  return markers.map(({ marker, number }) => {
    const ms = Math.round(marker.at * 1000);
    return (
      <MarkerLine
        key={number}
        name={marker.label || t('markers.numbered', { number })}
        time={clock(ms)}
        hint={t('markers.playFrom', { time: clock(ms) })}
        at={marker.at}
        onPlay={() => playFrom(ms)}
      />
    );
  });
}
