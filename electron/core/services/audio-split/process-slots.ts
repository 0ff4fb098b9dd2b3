/**
 * How many splitter processes run at once, whatever asks for them: the stretches of pass 1 and
 * the parts being made share the machine's two cores. A request waits for a free slot, the
 * lowest rank first, so the part to be sent next is made before the recording is read further.
 */
export interface ProcessSlots {
  /** Runs `work` once a slot is free, keeping it until `work` settles; rejects if `signal` aborts first. */
  use<T>(rank: number, signal: AbortSignal, work: () => Promise<T>): Promise<T>;
}

interface Waiting {
  rank: number;
  start(): void;
}

export function processSlots(count: number): ProcessSlots {
  const waiting: Waiting[] = [];
  let free = count;

  const next = () => {
    if (free === 0 || waiting.length === 0) return;
    let first = 0;
    // The lowest rank; among equals, the first to ask.
    for (let i = 1; i < waiting.length; i++) if (waiting[i]!.rank < waiting[first]!.rank) first = i;
    free--;
    waiting.splice(first, 1)[0]!.start();
  };

  return {
    use(rank, signal, work) {
      return new Promise((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason);
        const entry: Waiting = {
          rank,
          start: () => {
            signal.removeEventListener('abort', onAbort);
            work()
              .then(resolve, reject)
              .finally(() => {
                // What this work's end brings about asks first (its part, planned just now), then the slot
                // goes to the lowest rank waiting: kept until then, so no one asking meanwhile takes it first.
                setImmediate(() => {
                  free++;
                  next();
                });
              });
          },
        };
        const onAbort = () => {
          waiting.splice(waiting.indexOf(entry), 1);
          reject(signal.reason);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        waiting.push(entry);
        next();
      });
    },
  };
}
