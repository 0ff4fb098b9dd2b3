import type { DiskRefusal } from '../../shared/contract/storage';
import { useEditor } from './view';

const TITLES: Record<DiskRefusal['cause'], string> = {
  full: 'The disk is full',
  readOnly: 'Your history file cannot be written',
  io: 'The disk reported an error',
  damaged: 'Your history file is being repaired',
};

/**
 * Edits Confab holds but could not write yet: the page's copy is not the only one, so the
 * user is told they are safe and what to do, in main's words naming the file.
 */
export function NotWritten() {
  const refusal = useEditor((view) => view.notWritten);
  if (!refusal) return null;
  return (
    <div className="notice warning" role="alert">
      <p className="notice-title">
        {TITLES[refusal.cause]}: your edits are not saved yet. Confab keeps them and saves them as soon as the disk accepts them — keep Confab open until then.
      </p>
      <p>{refusal.message}</p>
    </div>
  );
}
