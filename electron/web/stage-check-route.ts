import type { IncomingMessage } from 'node:http';
import { STAGE_HEAD_BYTES, stageCheckQuery } from '../../shared/contract/staging';
import type { ProblemData } from '../../shared/domain/problem';
import type { Staging } from '../core/services/intake/staging';
import { boundedBody } from './route-io';

const TOO_MUCH = { status: 413, message: `Send at most the first ${STAGE_HEAD_BYTES} bytes.` };

/**
 * POST /files/check (STAGE_CHECK_ROUTE): main judges a file from its size and first bytes before
 * the page uploads it, with the checks the staging route makes on the way in, answered at once.
 * Answers main's verdict, or why the request itself is refused (a fault of the page's).
 */
export async function checkBeforeStaging(
  staging: Staging,
  request: IncomingMessage,
  url: URL,
): Promise<{ problem: ProblemData | null } | { status: number; message: string }> {
  const query = stageCheckQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) return { status: 400, message: query.error.issues.map((issue) => issue.message).join(' ') };
  if (Number(request.headers['content-length']) > STAGE_HEAD_BYTES) return TOO_MUCH;
  // The body is the file's first bytes: more than STAGE_HEAD_BYTES is not what this route takes.
  const bytes = await boundedBody(request, STAGE_HEAD_BYTES);
  if (bytes === null) return TOO_MUCH;
  return { problem: await staging.check(bytes, query.data.name, query.data.size, query.data.purpose) };
}
