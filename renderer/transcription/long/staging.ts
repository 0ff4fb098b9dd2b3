/** Copies a Blob into main's staging folder chunk by chunk, as the queue does for short files. */
import type { Contract } from '../../../shared/contract';
import type { ContractClient } from '../../../shared/contract/client';
import { STAGE_CHUNK_BYTES, type StagedFile } from '../../../shared/contract/transcription';
import { toBase64 } from '../format';

export type TranscriptionApi = ContractClient<Contract>['transcription'];

/** A step that stopped because the job was cancelled. */
export class Cancelled extends Error {
  constructor() {
    super('Cancelled.');
    this.name = 'Cancelled';
  }
}

/** A step that could not be done, in words for the user. */
export class Problem extends Error {}

/** Main would not take the file (its content, its size): trying again will not change that. */
export class Refused extends Problem {}

/**
 * Stages `blob` under `name`. A cancelled copy is ended (main removes the half-written
 * file), and a copy that finished after the cancel is discarded at once.
 */
export async function stageBlob(
  api: TranscriptionApi,
  blob: Blob,
  name: string,
  purpose: 'upload' | 'original',
  signal: AbortSignal,
  onProgress: (staged: number) => void = () => {},
): Promise<StagedFile> {
  if (signal.aborted) throw new Cancelled();
  const begun = await api.stageBegin({ name, size: blob.size, purpose });
  if (!begun.ok) throw new Refused(begun.problem);
  const { stageId } = begun;
  const abandon = () => api.stageEnd({ stageId }).catch(() => undefined);
  for (let offset = 0; offset < blob.size; offset += STAGE_CHUNK_BYTES) {
    if (signal.aborted) {
      await abandon();
      throw new Cancelled();
    }
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await blob.slice(offset, offset + STAGE_CHUNK_BYTES).arrayBuffer());
    } catch (error) {
      await abandon();
      throw new Problem(`${name} could not be read (${error instanceof Error ? error.message : String(error)}). Check that the file still exists, then retry.`);
    }
    try {
      await api.stageChunk({ stageId, offset, base64: toBase64(bytes) });
    } catch (error) {
      await abandon();
      throw error;
    }
    onProgress(Math.min(blob.size, offset + bytes.length));
  }
  const outcome = await api.stageEnd({ stageId });
  if (!outcome.ok) throw new Refused(outcome.problem);
  if (signal.aborted) {
    await api.discard({ fileId: outcome.file.fileId }).catch(() => undefined);
    throw new Cancelled();
  }
  return outcome.file;
}
