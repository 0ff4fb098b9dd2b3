import type { IncomingMessage } from 'node:http';
import { STAGE_HEAD_BYTES, stageCheckQuery } from '../../shared/contract/staging';
import type { ProblemData } from '../../shared/domain/problem';
import type { Staging } from '../core/services/intake/staging';

const TOO_MUCH = { status: 413, message: `Send at most the first ${STAGE_HEAD_BYTES} bytes.` };

/** The body, which is a file's first bytes: more than STAGE_HEAD_BYTES is not what this route takes. */
async function head(request: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > STAGE_HEAD_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

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
  const bytes = await head(request);
  if (bytes === null) return TOO_MUCH;
  return { problem: await staging.check(bytes, query.data.name, query.data.size, query.data.purpose) };
}
