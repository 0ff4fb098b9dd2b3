import { STAGE_ROUTE, type FileStager } from '../../shared/contract/staging';
import { stageOutcomeSchema } from '../../shared/contract/transcription';
import { bridgeProblem } from './bridge-problem';

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/**
 * The browser harness's staging: a page has no file paths, so the file goes once, as the raw
 * body of a PUT to the bridge's staging route, with the launch token. XMLHttpRequest rather
 * than fetch because it reports upload progress and streams a Blob from disk.
 */
export function httpStager(token: string): FileStager {
  return {
    stage(file, { name, purpose, signal, onProgress }) {
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
