import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BaseSequencer, type TestSequencerConstructor, type TestSpecification, type Vitest } from 'vitest/node';
import config from '../vitest.config';

// The order the suite's files start in on a fresh clone: vitest has no durations cached yet.
const root = fileURLToPath(new URL('../..', import.meta.url));
const project = (name: string, groupOrder = 0) => ({ name, config: { isolate: true, sequence: { groupOrder } } });
const PROJECTS = { e2e: project('e2e'), integration: project('integration'), unit: project('unit'), serial: project('e2e-serial', 1) };

const specsIn = (folder: string, of: (typeof PROJECTS)[keyof typeof PROJECTS]) =>
  readdirSync(`${root}${folder}`, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => ({ moduleId: `${root}${folder}/${name}`, project: of }) as unknown as TestSpecification);

describe('the order files start in', () => {
  it('starts the longest journeys first on a fresh clone, whatever their size, and the serial files after the rest', async () => {
    const Sequencer: TestSequencerConstructor = config.test?.sequence?.sequencer ?? BaseSequencer;
    const freshClone = { cache: { getTestSpecificationResult: () => undefined } } as unknown as Vitest;
    const serial = { moduleId: `${root}tests/e2e/transcription-queue-retry.test.ts`, project: PROJECTS.serial } as unknown as TestSpecification;
    const files = [serial, ...specsIn('tests/unit/setup', PROJECTS.unit), ...specsIn('tests/integration', PROJECTS.integration), ...specsIn('tests/e2e', PROJECTS.e2e)];

    const order = (await new Sequencer(freshClone).sort(files)).map((spec) => spec.moduleId.slice(root.length));

    expect(order.slice(0, 3)).toEqual([
      'tests/e2e/long-recording.test.ts',
      'tests/e2e/transcription-parts-at-once.test.ts',
      'tests/integration/services/audio-split/audio-split.test.ts',
    ]);
    expect(order.at(-1)).toBe('tests/e2e/transcription-queue-retry.test.ts');
    expect(order).toHaveLength(files.length);
  });
});
