import { STAGE_ROUTE, type FileStager } from '../../shared/contract/staging';
import { stageOutcomeSchema } from '../../shared/contract/transcription';

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
          if (request.status !== 200) return reject(new Error(request.responseText || `The upload was refused (HTTP ${request.status}).`));
          const outcome = stageOutcomeSchema.safeParse(JSON.parse(request.responseText));
          if (outcome.success) resolve(outcome.data);
          else reject(new Error('Confab answered the upload with something unexpected. Reload the page and add the file again.'));
        };
        request.onerror = () => reject(new Error('Lost the connection to Confab. Is `npm run web` still running?'));
        request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
        if (signal?.aborted) return request.onabort(new ProgressEvent('abort'));
        signal?.addEventListener('abort', () => request.abort(), { once: true });
        request.send(file);
      });
    },
  };
}
