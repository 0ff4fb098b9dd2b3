import type { DocumentCaps } from '../../../../shared/contract/documents';
import type { ProblemData } from '../../../../shared/domain/problem';

/** What main asks the extraction worker (extract-worker.ts), as its workerData. */
export interface ExtractRequest {
  path: string;
  /** The name the user knows the file by, for refusals. */
  name: string;
  format: 'pdf' | 'docx' | 'text';
  caps: DocumentCaps;
}

export type ExtractAnswer = { ok: true; text: string; pages: number | null } | { ok: false; problem: ProblemData };
