import { mac } from '../common/shortcuts';
import { capturing, markNow } from './session';

/** Mark's chord (Cmd/Ctrl+Shift+M) works on every screen while this page captures: a meeting is not always watched from the recorder. */
export function watchMarkKey(): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    const primary = mac ? event.metaKey && !event.ctrlKey : event.ctrlKey;
    if (!primary || !event.shiftKey || event.altKey || event.key.toLowerCase() !== 'm' || !capturing()) return;
    event.preventDefault();
    void markNow();
  };
  window.addEventListener('keydown', onKeyDown);
  return () => window.removeEventListener('keydown', onKeyDown);
}
