import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from '../common/problem-text';
import { followPlayback } from '../common/follow-playback';
import { setPlayer } from './player';
import { recordingUrl } from './store';
import { Waveform } from './Waveform';

/**
 * The recording, kept at the top while the rows scroll, with its waveform; `onTime` follows it
 * frame by frame while it plays.
 */
export function Player({ id, onTime }: { id: string; onTime: (ms: number) => void }) {
  const [source, setSource] = useState<{ url: string } | { problem: unknown } | null>(null);
  const { t } = useTranslation('editor');
  const audio = useRef<HTMLAudioElement>(null);
  const [media, setMedia] = useState<HTMLAudioElement | null>(null);
  const follow = useRef(onTime);
  follow.current = onTime;

  useEffect(() => {
    let live = true;
    recordingUrl(id).then(
      ({ url }) => live && setSource({ url }),
      (error: unknown) => live && setSource({ problem: error }),
    );
    return () => {
      live = false;
    };
  }, [id]);

  useEffect(() => {
    const player = audio.current;
    setPlayer(player);
    setMedia(player);
    if (!player) return;
    const stop = followPlayback(player, () => follow.current(Math.round(player.currentTime * 1000)));
    return () => {
      stop();
      setPlayer(null);
    };
  }, [source]);

  if (!source) return <p className="hint">{t('player.loading')}</p>;
  if ('problem' in source) return <p className="hint">{t('player.failed', { problem: problemText(source.problem) })}</p>;
  return (
    <>
      <audio ref={audio} className="ed-audio" controls preload="auto" src={source.url} aria-label={t('player.label')} />
      {media && <Waveform id={id} media={media} />}
    </>
  );
}
