// One fake service per test file, for the files that test the fake itself.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { FakeService, FakeServiceOptions } from '../fake-service/script';
import { startFakeService } from '../fake-service/server';

/** The fake of the file that called useFake (a live binding: set before its tests run). */
export let fake: FakeService;

/** Starts a fake for the calling test file, resets its scripts before each test and stops it after. */
export function useFake(options?: FakeServiceOptions): void {
  beforeAll(async () => {
    fake = await startFakeService(options);
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => fake.reset());
}
