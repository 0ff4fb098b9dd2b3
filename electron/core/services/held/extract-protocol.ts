import type { DocumentCaps } from '../../../../shared/contract/documents';
import type { ProblemData } from '../../../../shared/domain/problem';

/** What main asks the extraction worker (extract-worker.ts), as its workerData. */
export interface ExtractRequest {
  path: string;
  /** Where the worker writes the text (UTF-8): the text itself never crosses to main's heap. */
  out: string;
  /** The name the user knows the file by, for refusals. */
  name: string;
  format: 'pdf' | 'docx' | 'text';
  caps: DocumentCaps;
}

/** What was written to `out`, or why nothing was. */
export type ExtractAnswer =
  /** `tokens`: gpt-tokenizer's count of the text, made here so a 2,000,000-character document never stalls main (past that, estimated: token-count.ts). */
  | { ok: true; pages: number | null; characters: number; lines: number; bytes: number; tokens: number }
  | { ok: false; problem: ProblemData }
  /** Writing `out` failed: main words the disk's refusal (`code` is the error's). */
  | { ok: false; writeFailed: { code: string | undefined; message: string } };
