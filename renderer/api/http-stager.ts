import { STAGE_CHECK_ROUTE, STAGE_HEAD_BYTES, STAGE_ROUTE, type FileStager, type StageOptions, stageCheckSchema } from '../../shared/contract/staging';
import { type StageOutcome, stageOutcomeSchema } from '../../shared/contract/transcription';
import { bridgeProblem } from './bridge-problem';

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/**
 * Main's verdict on the file from its size and first bytes, before any more of it is sent: a
 * 2 GB file that is not audio is refused in a moment, not after its whole upload. Null: send it.
 */
async function refusalBeforeUpload(token: string, file: Blob, { name, purpose }: StageOptions, signal?: AbortSignal): Promise<StageOutcome | null> {
  let response: Response;
  try {
    response = await fetch(`${STAGE_CHECK_ROUTE}?${new URLSearchParams({ name, purpose, size: String(file.size) })}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/octet-stream' },
      body: file.slice(0, STAGE_HEAD_BYTES),
      signal,
    });
  } catch {
    if (signal?.aborted) throw new DOMException('The upload was cancelled.', 'AbortError');
    throw bridgeProblem('bridge.disconnected');
  }
  const body = await response.text();
  if (!response.ok) throw bridgeProblem('unexpected', { detail: `HTTP ${response.status} ${body}`.trim() });
  const verdict = stageCheckSchema.safeParse(parsed(body));
  if (!verdict.success) throw bridgeProblem('bridge.unexpected_answer');
  return verdict.data.problem ? { ok: false, problem: verdict.data.problem } : null;
}

/**
 * The browser harness's staging: a page has no file paths, so the file goes once, as the raw
 * body of a PUT to the bridge's staging route, with the launch token, once main has judged its
 * first bytes. XMLHttpRequest rather than fetch because it reports upload progress and streams a
 * Blob from disk.
 */
export function httpStager(token: string): FileStager {
  return {
    async stage(file, { name, purpose, signal, onProgress }) {
      const refused = await refusalBeforeUpload(token, file, { name, purpose }, signal);
      if (refused) return refused;
      return new Promise((resolve, reject) => {
        const request = new XMLHttpRequest();
        request.open('PUT', `${STAGE_ROUTE}?${new URLSearchParams({ name, purpose })}`);
        request.setRequestHeader('Authorization', `Bearer ${token}`);
        request.setRequestHeader('Content-Type', 'application/octet-stream');
        request.upload.onprogress = (event) => onProgress?.(event.loaded);
        request.onload = () => {
          // Not 200: the request itself was refused (token, origin, query), a fault of the page's, not the user's.
          if (request.status !== 200) return reject(bridgeProblem('unexpected', { detail: `HTTP ${request.status} ${request.responseText}`.trim() }));
          const outcome = stageOutcomeSchema.safeParse(parsed(request.responseText));
          if (outcome.success) resolve(outcome.data);
          else reject(bridgeProblem('bridge.unexpected_answer'));
        };
        request.onerror = () => reject(bridgeProblem('bridge.disconnected'));
        request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
        if (signal?.aborted) return request.onabort(new ProgressEvent('abort'));
        signal?.addEventListener('abort', () => request.abort(), { once: true });
        request.send(file);
      });
    },
  };
}
