import type { StreamClient, StreamMessage } from '../../shared/contract/client';

/**
 * Watches one of main's domains (conversations, jobs): one stream for the page, started once.
 * Main first sends the state as it stands (a reloaded page picks running work up), then every
 * change. Returns the stop, for the app's effect.
 */
export function watchStream<E>(stream: StreamClient<void, E>, apply: (event: E) => void): () => void {
  let watchId: string | null = null;
  const early: StreamMessage<E>[] = [];
  const unsubscribe = stream.subscribe((message) => {
    if (watchId === null) early.push(message);
    else if (message.id === watchId) apply(message.event);
  });
  let stopped = false;
  void stream.start().then(({ id }) => {
    if (stopped) return void stream.cancel(id);
    watchId = id;
    for (const message of early.splice(0)) if (message.id === id) apply(message.event);
  });
  const stop = () => {
    if (stopped) return;
    stopped = true;
    unsubscribe();
    window.removeEventListener('pagehide', stop);
    if (watchId) void stream.cancel(watchId);
  };
  // Electron keeps a reloaded window's connection, so the old page's watch ends as it goes.
  window.addEventListener('pagehide', stop);
  return stop;
}
