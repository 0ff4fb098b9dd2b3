/**
 * Calls `update` every frame while `player` plays (timeupdate comes only ~4 times a second,
 * too coarse to follow words), and once when it pauses, ends, seeks or loads. Returns the stop.
 */
export function followPlayback(player: HTMLMediaElement, update: () => void): () => void {
  let frame = 0;
  const loop = () => {
    update();
    frame = requestAnimationFrame(loop);
  };
  const play = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(loop);
  };
  const stop = () => {
    cancelAnimationFrame(frame);
    update();
  };
  const events: [string, () => void][] = [
    ['playing', play],
    ['pause', stop],
    ['ended', stop],
    ['seeked', update],
    ['loadedmetadata', update],
  ];
  for (const [name, listener] of events) player.addEventListener(name, listener);
  if (!player.paused) play();
  return () => {
    cancelAnimationFrame(frame);
    for (const [name, listener] of events) player.removeEventListener(name, listener);
  };
}
