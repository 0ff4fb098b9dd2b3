import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call } from '../../../shared/contract/define';
import { BridgeError, buildClient } from '../../../shared/contract/client';
import { baseUrlSchema } from '../../../shared/contract/settings';
import { Problem } from '../../../shared/domain/problem';
import { createRouter } from '../../../electron/core/router';

// A refusal main words as a code and values reaches the page as BridgeError.problem, through
// the same router and client the app uses, so the page can say it in the user's language.

const contract = {
  profiles: {
    rename: call(z.object({ name: z.string() }), z.object({ name: z.string() })),
    setBaseUrl: call(z.object({ baseUrl: baseUrlSchema }), z.object({ baseUrl: z.string() })),
  },
};

function client() {
  const router = createRouter(contract, {
    profiles: {
      rename: async ({ name }) => {
        throw new Problem('profile.name_taken', { name });
      },
      setBaseUrl: async ({ baseUrl }) => ({ baseUrl }),
    },
  });
  const sink = { send: () => undefined };
  return buildClient(contract, { invoke: (channel, payload) => router.invoke(channel, payload, sink), listen: () => () => undefined });
}

async function refusal(pending: Promise<unknown>): Promise<BridgeError> {
  const error = await pending.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BridgeError);
  return error as BridgeError;
}

describe('a problem on its way from main to the page', () => {
  it('arrives from a handler as the code and values it was thrown with', async () => {
    const error = await refusal(client().profiles.rename({ name: 'Work' }));
    expect(error.code).toBe('handler_failed');
    expect(error.problem).toEqual({ code: 'profile.name_taken', values: { name: 'Work' } });
  });

  it('arrives from a payload check that names its problem, as invalid_payload', async () => {
    const error = await refusal(client().profiles.setBaseUrl({ baseUrl: 'api.example.com/v1' }));
    expect(error.code).toBe('invalid_payload');
    expect(error.problem).toEqual({ code: 'base_url.needs_scheme', values: { example: 'https://api.example.com/v1' } });
  });

  it('is absent for a fault nobody worded, which the page says as unexpected', async () => {
    const error = await refusal(client().profiles.rename({ name: 7 } as never));
    expect(error.code).toBe('invalid_payload');
    expect(error.problem).toBeNull();
  });
});
