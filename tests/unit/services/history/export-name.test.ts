import { describe, expect, it } from 'vitest';
import { safeFileName } from '../../../../electron/core/services/history/export';

// An export's file name comes from a title the user (or an imported file) chose: cleaned as every
// other name main writes is (storage/file-name.ts), so it is never hidden, never a path.
describe('an exported conversation\'s file name', () => {
  it('keeps a title\'s words, slashes and quotes made spaces', () => {
    expect(safeFileName('Export: "quotes" / slashes', 'conv-1234567')).toBe('Export quotes slashes (conv-123)');
  });

  it('is never a hidden file nor carries control characters', () => {
    expect(safeFileName('.profile', 'abcdefgh99')).toBe('profile (abcdefgh)');
    expect(safeFileName('../..', 'abcdefgh99')).toBe('Conversation (abcdefgh)');
    expect(safeFileName('Notes\u007f draft', 'abcdefgh99')).toBe('Notes draft (abcdefgh)');
  });
});
