import { errorText } from '../../../../shared/domain/error-text';
import type { ProblemData } from '../../../../shared/domain/problem';

/** No room left: the disk, the user's quota, or the largest file the process may write (ulimit -f). */
const FULL = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

/** Why a recording ended on a failed write, as the page words it. */
export function writeFailure(error: unknown, folder: string): ProblemData {
  const code = (error as { code?: string } | null)?.code ?? '';
  return FULL.has(code) ? { code: 'recording.disk_full', values: { folder } } : { code: 'recording.write_failed', values: { detail: errorText(error) } };
}
