import type { BranchMessage, ConversationMeta, Message } from '../../../../shared/domain/conversation';
import type { ProblemData } from '../../../../shared/domain/problem';
import type { Fingerprint } from '../history/merge';

/** What main asks the import worker (worker.ts), as its workerData. */
export interface ImportRequest {
  path: string;
  /** About how many bytes of message text one part carries: what main deserialises and holds at once. */
  partBytes: number;
}

/** Worker → main, in this order: reads, then checked (or refused), then parts, then end. */
export type WorkerSays =
  | { type: 'read'; bytesRead: number; totalBytes: number }
  | { type: 'refused'; problem: ProblemData }
  | { type: 'checked'; conversation: ConversationMeta; fingerprint: Fingerprint; messages: number }
  /** Path messages in order, then other branches' (`from`: the first one's index in the file's otherBranches). */
  | { type: 'part'; messages: Message[]; others: BranchMessage[]; from: number }
  | { type: 'end' };

/** Main → worker: the next part, sent once the last is written, so main holds one part at a time. */
export type MainSays = { type: 'next' };
