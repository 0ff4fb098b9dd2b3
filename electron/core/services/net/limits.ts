/**
 * How much Confab reads from the service and how long it waits: every cap and timeout of
 * the transport in one place. Services take a `TransportLimits` so tests can shrink them.
 */
export interface TransportLimits {
  /** A whole (non-streamed) JSON or text answer. */
  maxBodyBytes: number;
  /** One server-sent event: a stream whose event never ends is cut off here. */
  maxEventBytes: number;
  /** An error answer is read this far for its message; the rest is ignored. */
  maxErrorBodyBytes: number;
  /** Same-origin redirects followed before giving up. */
  maxRedirects: number;
  /** From sending a request until the answer's headers arrive. */
  headersTimeoutMs: number;
  /** An upload is sent and transcribed before any header comes back, so it waits longer. */
  uploadHeadersTimeoutMs: number;
  /** A body (stream or whole) that sends nothing for this long is given up. */
  idleTimeoutMs: number;
}

export const MB = 1024 * 1024;

export const DEFAULT_LIMITS: TransportLimits = {
  maxBodyBytes: 16 * MB,
  maxEventBytes: 1 * MB,
  maxErrorBodyBytes: 64 * 1024,
  maxRedirects: 5,
  headersTimeoutMs: 30_000,
  uploadHeadersTimeoutMs: 10 * 60_000,
  idleTimeoutMs: 120_000,
};
