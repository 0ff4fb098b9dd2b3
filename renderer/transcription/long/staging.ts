/** Hands a Blob to main's staging folder, as the queue does for short files. */
import type { Contract } from '../../../shared/contract';
import type { ContractClient } from '../../../shared/contract/client';
import type { FileStager, StagePurpose } from '../../../shared/contract/staging';
import type { StagedFile } from '../../../shared/contract/transcription';

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
 * Stages `blob` under `name` through the renderer's one staging call (by path in Electron, one
 * raw upload in the harness). A cancelled transfer is aborted; a copy that finished after the
 * cancel is discarded at once.
 */
export async function stageBlob(
  deps: { files: FileStager; api: TranscriptionApi },
  blob: Blob,
  name: string,
  purpose: StagePurpose,
  signal: AbortSignal,
  onProgress: (staged: number) => void = () => {},
): Promise<StagedFile> {
  if (signal.aborted) throw new Cancelled();
  let outcome;
  try {
    outcome = await deps.files.stage(blob, { name, purpose, signal, onProgress });
  } catch (error) {
    if (signal.aborted) throw new Cancelled();
    throw new Problem(`${name} could not be read (${error instanceof Error ? error.message : String(error)}). Check that the file still exists, then retry.`);
  }
  if (!outcome.ok) throw new Refused(outcome.problem);
  if (signal.aborted) {
    await deps.api.discard({ fileId: outcome.file.fileId }).catch(() => undefined);
    throw new Cancelled();
  }
  return outcome.file;
}
