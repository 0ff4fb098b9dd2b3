import { useEffect, useRef, useState } from 'react';
import { followPlayback } from '../common/follow-playback';
import { setPlayer } from './player';
import { recordingUrl } from './store';
import { problemText } from '../common/problem-text';

/** The recording, kept at the top while the rows scroll; `onTime` follows it frame by frame while it plays. */
export function Player({ id, onTime }: { id: string; onTime: (ms: number) => void }) {
  const [source, setSource] = useState<{ url: string } | { problem: string } | null>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const follow = useRef(onTime);
  follow.current = onTime;

  useEffect(() => {
    let live = true;
    recordingUrl(id).then(
      ({ url }) => live && setSource({ url }),
      (error: unknown) => live && setSource({ problem: problemText(error) }),
    );
    return () => {
      live = false;
    };
  }, [id]);

  useEffect(() => {
    const player = audio.current;
    setPlayer(player);
    if (!player) return;
    const stop = followPlayback(player, () => follow.current(Math.round(player.currentTime * 1000)));
    return () => {
      stop();
      setPlayer(null);
    };
  }, [source]);

  if (!source) return <p className="hint">Loading the recording…</p>;
  if ('problem' in source) return <p className="hint">The recording cannot be played: {source.problem}</p>;
  return <audio ref={audio} className="ed-audio" controls preload="auto" src={source.url} aria-label="Recording" />;
}
