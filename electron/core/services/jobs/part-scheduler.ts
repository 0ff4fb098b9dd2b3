/**
 * Sends a long recording's parts several at a time, at the pace the service allows. Parts wait
 * on nothing but a free slot (their prompts do not carry each other's words), so up to `max`
 * are in flight; a rate-limited part (429, 503) halves the slots, every part waits as the
 * service asked (or backs off exponentially), and the part goes again. Slots come back one at
 * a time as parts succeed, so the pace creeps up to the service's again.
 */

/**
 * Thrown by a part's work when the service asked to slow down; `seconds` is its Retry-After and
 * `failure` the answer, which the job fails with once the service has refused for too long.
 */
export class RateLimited<F = unknown> extends Error {
  constructor(
    readonly seconds: number | null,
    readonly failure?: F,
  ) {
    super('rate limited');
  }
}

/**
 * Whether a refusal is the service's pace (429, 503), which waiting ends: the part goes again,
 * later, as it was. Out of quota is a 429 too, but no wait ends it.
 */
export const asksToWait = (failure: { kind: string; code: string | null; status: number | null }) =>
  (failure.kind === 'rate_limit' && failure.code !== 'insufficient_quota') || failure.status === 503;

export const BACKOFF_FIRST_SECONDS = 2;
export const BACKOFF_MAX_SECONDS = 60;
/**
 * A service that refuses this many times in a row, or asks for a longer wait, is not pacing
 * Confab but down or out of quota: the job fails with its answer, so the queue behind it goes on
 * and the user gets Retry instead of a row that waits for ever.
 */
export const MAX_LIMITED_IN_A_ROW = 8;
export const MAX_WAIT_SECONDS = 3600;

/**
 * The wait before sending again, for senders that never give up (a running recording's parts and
 * captions): as the service said, else backoff; a wait of 0 (or a date already past, from a clock
 * behind) would resend at once, again and again, and one past an hour is waited an hour at a time.
 */
export const serviceWait = (seconds: number | null, inARow: number) => Math.min(MAX_WAIT_SECONDS, seconds !== null && seconds >= 1 ? seconds : backoffSeconds(inARow));

/** The wait when the service did not say: 2 s, doubled each time in a row, at most 60 s. */
export const backoffSeconds = (inARow: number) => Math.min(BACKOFF_MAX_SECONDS, BACKOFF_FIRST_SECONDS * 2 ** Math.max(0, inARow - 1));

export interface ScheduleOptions<T> {
  /** Most parts in flight at once. */
  max: number;
  signal: AbortSignal;
  work(item: T): Promise<void>;
  /** The service asked to wait: until when (ms since epoch), or null once sending goes on. */
  onWait(until: number | null): void;
  /** Items still to come (a plan still growing), queued after `items` as they arrive; its failure is the schedule's. */
  more?: AsyncIterable<T>;
  /** Injected for the tests; waits `ms` or until the signal aborts. */
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
}

/** Waits `ms`, or less when the signal aborts. */
export const abortableSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => (clearTimeout(timer), signal.removeEventListener('abort', done), resolve());
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Runs `work` for every item, in order of the list and then of `more`, up to `max` at once. The
 * first failure that is not a rate limit stops new items from starting and is thrown once those
 * in flight end.
 */
export async function scheduleParts<T>(items: readonly T[], options: ScheduleOptions<T>): Promise<void> {
  const sleep = options.sleep ?? abortableSleep;
  const queue = [...items];
  let limit = Math.max(1, options.max);
  let successes = 0;
  let limitedInARow = 0;
  let resumeAt = 0;
  let failure = null as { error: unknown } | null;
  const inFlight = new Set<Promise<void>>();
  // Settles when an item arrives or none will: the loop then looks again.
  let nudge = () => undefined as void;
  const next = () => new Promise<void>((resolve) => (nudge = resolve));
  let arrived = next();
  let arriving = Boolean(options.more);
  if (options.more) {
    const more = options.more;
    void (async () => {
      try {
        for await (const item of more) {
          queue.push(item);
          nudge();
          arrived = next();
        }
      } catch (error) {
        failure ??= { error };
      } finally {
        arriving = false;
        nudge();
        arrived = next();
      }
    })();
  }

  async function one(item: T) {
    try {
      await options.work(item);
      limitedInARow = 0;
      // One slot back after as many successes as there are slots: additive increase.
      if (++successes >= limit && limit < options.max) {
        limit++;
        successes = 0;
      }
    } catch (error) {
      if (!(error instanceof RateLimited) || options.signal.aborted) {
        failure ??= { error };
        return;
      }
      limitedInARow++;
      const seconds = error.seconds !== null && error.seconds >= 1 ? error.seconds : backoffSeconds(limitedInARow);
      if (limitedInARow > MAX_LIMITED_IN_A_ROW || seconds > MAX_WAIT_SECONDS) {
        failure ??= { error };
        return;
      }
      limit = Math.max(1, Math.floor(limit / 2));
      successes = 0;
      resumeAt = Math.max(resumeAt, Date.now() + seconds * 1000);
      // The part goes again first, with the same bytes.
      queue.unshift(item);
    }
  }

  while ((queue.length || inFlight.size || arriving) && !failure && !options.signal.aborted) {
    const wait = resumeAt - Date.now();
    if (wait > 0) {
      options.onWait(resumeAt);
      await Promise.race([sleep(wait, options.signal), ...inFlight]);
      continue;
    }
    if (resumeAt) {
      resumeAt = 0;
      options.onWait(null);
    }
    while (queue.length && inFlight.size < limit && resumeAt <= Date.now()) {
      const running = one(queue.shift()!).finally(() => inFlight.delete(running));
      inFlight.add(running);
    }
    await Promise.race([...inFlight, arrived]);
  }
  await Promise.allSettled(inFlight);
  if (failure) throw failure.error;
}
