import type { Job, PartState } from '../../shared/contract/jobs';

const ON_THEIR_WAY: ReadonlySet<PartState> = new Set(['encoding', 'uploading', 'transcribing']);

/** The parts main reports being made, sent or transcribed now, as the user counts them (from 1). */
export const partsOnTheirWay = (job: Job): number[] => job.parts.filter((part) => ON_THEIR_WAY.has(part.state)).map((part) => part.index + 1);

/**
 * Part numbers as a reader takes them in: three or more in a row as a range ("2–4"), the rest
 * one by one, for the language's list to join ("2–4 and 7").
 */
export function partRanges(numbers: number[], number: (n: number) => string): string[] {
  const runs: number[][] = [];
  for (const n of [...numbers].sort((a, b) => a - b)) {
    const run = runs.at(-1);
    if (run && n === run.at(-1)! + 1) run.push(n);
    else runs.push([n]);
  }
  return runs.flatMap((run) => (run.length >= 3 ? [`${number(run[0]!)}–${number(run.at(-1)!)}`] : run.map(number)));
}
