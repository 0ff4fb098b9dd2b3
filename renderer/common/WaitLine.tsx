import { useEffect, useState } from 'react';
import type { ProblemData } from '../../shared/domain/problem';
import { problemWords } from './problem-text';

/**
 * Why nothing is being sent, with the seconds main gave counted down here: main says the wait
 * once as it starts, and a figure that stood still would look like a hang. It stops at 1 s:
 * the part goes when main says so, and "in 0 s" would read as stuck.
 */
export function WaitLine({ wait }: { wait: ProblemData }) {
  const { seconds } = wait.values;
  const total = typeof seconds === 'number' ? seconds : null;
  const [left, setLeft] = useState(total);
  useEffect(() => {
    setLeft(total);
    if (total === null) return;
    const from = Date.now();
    const timer = setInterval(() => setLeft(Math.max(1, total - Math.floor((Date.now() - from) / 1000))), 250);
    return () => clearInterval(timer);
  }, [total]);
  return <p className="queue-status">{problemWords(left === null ? wait : { ...wait, values: { ...wait.values, seconds: left } })}</p>;
}
