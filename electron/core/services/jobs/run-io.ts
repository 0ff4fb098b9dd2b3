import type { Job } from '../../../../shared/contract/jobs';
import type { PartTiming } from './estimate';
import type { StoredPart } from './job-store';

/** A part on its way: what is done to it now, and its bytes sent so far, of all. */
export interface Sending {
  state: 'encoding' | 'uploading' | 'transcribing';
  sent: number;
  total: number;
}

/** What a running job shows that is not kept: where it is and how fast it goes. */
export interface Live {
  step: Job['step'];
  planned: Job['planned'];
  prepared: Job['prepared'];
  /** The parts in flight by index (a recording sent whole is part 0). */
  sending: Record<number, Sending>;
  /** The service asked Confab to slow down: when sending goes on (ms since epoch). */
  waitUntil: number | null;
  timings: PartTiming[];
}

/** What a job's run writes to: its row, its parts, and what it shows while it runs. */
export interface RunIo {
  signal: AbortSignal;
  /** Writes the job's row (state, plan, outcome) after a change. */
  save(): void;
  savePart(part: StoredPart): void;
  live(change: Partial<Live>, immediate?: boolean): void;
}
