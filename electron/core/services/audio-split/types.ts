/**
 * What the job queue needs from the splitter, fixed first so both can be built at once.
 * A long recording is planned once (cut points in pauses, in samples) and each part is
 * encoded on demand from that plan, so a resumed or retried job re-creates exactly the
 * same part, and offsets stay sample-true whatever happened in between.
 */
export interface SplitCut {
  index: number;
  /** First and one-past-last sample of the part in the source's own sample rate. */
  startSample: number;
  endSample: number;
}

/**
 * A plan grows as the recording is read: a part's cut is added once decided, and `complete`
 * says the last part is in (its length known only then). A plan stored before plans grew has
 * no `complete`: it was whole (job-store.ts reads it so).
 */
export interface SplitPlan {
  sampleRate: number;
  /** Samples the decoder adds before the recording (MP3 encoder delay), already dropped. */
  primingSamples: number;
  durationSeconds: number | null;
  complete: boolean;
  cuts: SplitCut[];
}

export interface EncodedPart {
  index: number;
  /** Where the part was written; the caller owns the file. */
  path: string;
  bytes: number;
  mimeType: string;
  /** Offset of the part in the recording, seconds (startSample / sampleRate). */
  startSeconds: number;
  durationSeconds: number;
}

export interface SplitProgress {
  doneSeconds: number;
  totalSeconds: number | null;
}

export interface AudioSplitter {
  /**
   * Reads the recording once, telling `onPlan` the plan each time a part is added, and answers
   * it complete; rejects with a message a user can act on when it is not splittable audio.
   * `known`, a plan not complete (a job resumed): its parts stay, and reading goes on from the last one's end.
   */
  plan(input: {
    path: string;
    signal: AbortSignal;
    known?: SplitPlan | null;
    onPlan?: (plan: SplitPlan) => void;
    onProgress?: (p: SplitProgress) => void;
  }): Promise<SplitPlan>;
  /** Encodes one part of a plan to `outPath`. The same plan and index always give the same samples. */
  encodePart(input: {
    path: string;
    plan: SplitPlan;
    index: number;
    outPath: string;
    signal: AbortSignal;
    onProgress?: (p: SplitProgress) => void;
    /** Opus bits per second; the parts' PART_BITRATE unless given. */
    bitrate?: number;
  }): Promise<EncodedPart>;
  /** Ends every splitter process still running; called at quit. */
  close(): Promise<void>;
}
