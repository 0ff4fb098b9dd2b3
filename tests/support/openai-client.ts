// The fake service as the official `openai` client sees it, shared by the fake's chat tests
// (which start it with useFake).
import OpenAI from 'openai';
import { fake } from './use-fake';

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
