// The fake service as the official `openai` client sees it, shared by the fake's chat tests.
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type FakeService, startFakeService } from '../fake-service/server';

/** The fake of the file that called useFake (a live binding: set before its tests run). */
export let fake: FakeService;

/** Starts a fake for the calling test file, resets its scripts before each test and stops it after. */
export function useFake(): void {
  beforeAll(async () => {
    fake = await startFakeService();
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => fake.reset());
}

export const client = (apiKey: string) => new OpenAI({ apiKey, baseURL: fake.baseUrl, maxRetries: 0 });
export const hello = [{ role: 'user' as const, content: 'Hello there' }];

/** The API error a request ended with; a request that succeeds fails the test. */
export async function failure(promise: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OpenAI.APIError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}
