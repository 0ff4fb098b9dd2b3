import type { DiskRefusal } from '../../shared/contract/storage';

/**
 * Why changes Confab holds are not saved yet, and what the user can do. They need not try
 * again: main saves them by itself as soon as the disk takes them.
 */
export function diskRefusalWords({ cause, file }: DiskRefusal): string {
  switch (cause) {
    case 'full':
      return `The disk holding your history file (${file}) is full. Free some space on it.`;
    case 'readOnly':
      return `Your history file (${file}) is read-only or locked. Check its permissions, and that it is not marked immutable.`;
    case 'io':
      return `The disk reported an error while Confab was writing your history file (${file}). Check that the disk is working, and that the file is not marked immutable.`;
    case 'damaged':
      return 'Confab found damage in your history file and is repairing it now; they go into the repaired file.';
  }
}

export const KEPT = 'Confab keeps them and saves them as soon as the disk accepts them: keep Confab open until then.';
