/**
 * Buffers of one size, used again once their user hands them back. Chromium's renderer keeps
 * the memory of the `ArrayBuffer`s a page makes and drops (the recording page's RSS grew with the
 * audio's 32 KB a second, its live heap flat: docs/benchmarks.md, the memory row), so the
 * capture's blocks, sent as chunks, go round in a few buffers instead. Hand-rolled: a free list of
 * one size is a few lines, and no library pools transferable `ArrayBuffer`s across a port.
 */
export interface BufferPool {
  /** The buffer handed back last (the warmest), or a new one when none waits. */
  take(): ArrayBuffer;
  /** Keeps `buffer` for a next `take`, unless `keep` already wait or it is not this pool's size (a detached one has none). */
  give(buffer: ArrayBuffer): void;
}

export function createBufferPool(bytes: number, keep: number): BufferPool {
  const free: ArrayBuffer[] = [];
  return {
    take: () => free.pop() ?? new ArrayBuffer(bytes),
    give(buffer) {
      if (buffer.byteLength === bytes && free.length < keep && !free.includes(buffer)) free.push(buffer);
    },
  };
}
