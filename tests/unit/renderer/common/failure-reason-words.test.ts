import { describe, expect, expectTypeOf, it } from 'vitest';
import { REASON_WORDS, guidanceFor } from '../../../../renderer/common/failure-guidance';
import { type FailureReason, type ServiceFailure, failureReason } from '../../../../shared/domain/service-failure';

const failure = (reason: FailureReason): ServiceFailure => ({
  kind: 'network', reason, status: null, code: reason, message: 'What main said.', host: 'api.example.com', retryAfterSeconds: null,
});

describe('the words for failure reasons', () => {
  it('are keyed by exactly the reasons main produces, checked by the type checker', () => {
    expectTypeOf<keyof typeof REASON_WORDS>().toEqualTypeOf<FailureReason>();
    expect(Object.keys(REASON_WORDS).sort()).toEqual([...failureReason.options].sort());
  });

  it('make a reason without words a type error', () => {
    type Grown = FailureReason | 'a_new_reason';
    // @ts-expect-error: 'a_new_reason' has no words, which is what `npm run typecheck` must refuse.
    const grown: Record<Grown, unknown> = REASON_WORDS;
    expect(grown).toBe(REASON_WORDS);
  });

  it('give every reason a title and advice of its own, or the words of its kind', () => {
    for (const reason of failureReason.options) {
      const guidance = guidanceFor(failure(reason));
      const own = REASON_WORDS[reason];
      if (own === 'by kind') expect(guidance.title).toBe('What main said.');
      else expect(guidance).toEqual({ ...own, detail: 'What main said.' });
    }
  });
});
