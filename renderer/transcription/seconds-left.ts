import { useEffect, useState } from 'react';

/** Never "about 0 s left" while the job still runs: the count waits there for main's next estimate. */
const FLOOR_SECONDS = 1;

/**
 * Main's estimate of the time left, counted down by the page between two estimates. Main
 * estimates when a part is done (from how fast the parts went), so on its own the words stood
 * still for a part's length and then jumped; counted down, the next estimate lands near the count.
 */
export function useSecondsLeft(estimate: number | null): number | null {
  const [since, setSince] = useState({ estimate, at: Date.now() });
  const [now, setNow] = useState(since.at);
  // A new estimate restarts the count from it (adjusting state during render, as React advises).
  if (since.estimate !== estimate) {
    const at = Date.now();
    setSince({ estimate, at });
    setNow(at);
  }
  useEffect(() => {
    if (estimate === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [estimate]);
  if (since.estimate === null) return null;
  return Math.max(FLOOR_SECONDS, since.estimate - Math.round((now - since.at) / 1000));
}
