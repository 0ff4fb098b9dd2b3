import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { problemSchema } from '../../../../shared/domain/problem';
import { transcriptSchema } from '../../../../shared/domain/transcript';
import { createAtomicWriter, readJsonFile } from '../storage/json-file';

const cutSchema = z.object({ index: z.number().int().nonnegative(), startSample: z.number().int().nonnegative(), endSample: z.number().int().positive() });
const cutsSchema = z.object({
  /** What every part was sent with (model, language, prompt): a job asking for something else sends them again. */
  sentWith: z.string(),
  cuts: z.array(cutSchema),
});
const resultSchema = z.object({ transcript: transcriptSchema, flag: problemSchema.nullable() });

export type LiveCuts = z.infer<typeof cutsSchema>;
export type LiveResult = z.infer<typeof resultSchema>;

/**
 * What a recording's live parts keep in its folder, under `live/`: the cuts made so far
 * (`cuts.json`), each part's mixed audio until its result came (`part-007.wav`: a resend is the
 * same bytes), and each result (`part-007.json`). Every file is replaced whole, so a kill -9
 * keeps each result that came and every cut decided.
 */
export const liveFolder = (folder: string) => join(folder, 'live');
const name = (index: number) => `part-${String(index).padStart(3, '0')}`;
export const livePartPath = (folder: string, index: number) => join(liveFolder(folder), `${name(index)}.wav`);
const resultPath = (folder: string, index: number) => join(liveFolder(folder), `${name(index)}.json`);
const cutsPath = (folder: string) => join(liveFolder(folder), 'cuts.json');

export async function openLiveStore(folder: string) {
  await mkdir(liveFolder(folder), { recursive: true });
  const writeCuts = createAtomicWriter(cutsPath(folder));
  return {
    saveCuts: (cuts: LiveCuts) => writeCuts(JSON.stringify(cuts)),
    saveResult: (index: number, result: LiveResult) => createAtomicWriter(resultPath(folder, index))(JSON.stringify(result)),
  };
}

export type LiveStore = Awaited<ReturnType<typeof openLiveStore>>;

export const readLiveCuts = (folder: string) => readJsonFile(cutsPath(folder), cutsSchema);
export const readLiveResult = (folder: string, index: number) => readJsonFile(resultPath(folder, index), resultSchema);

/** The signature of what a part is sent with: equal when a job would send it the same. */
export const sentWith = (request: { model: string; language: string }, prompt: string) => JSON.stringify({ model: request.model, language: request.language, prompt });
