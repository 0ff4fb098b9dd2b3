/**
 * @napi-rs/webcodecs 1.3.1 (the newest whose Linux binary the registry has) can resolve a
 * codec's flush() while output is still on its way from its native thread; under load the
 * late part was seconds of audio. The codec wrappers (ordered-encoder.ts, complete-decoder.ts)
 * wait here, after flush, until the output covers the input. Hand-written because the fault is
 * in the native delivery (fixed upstream in 1.4), below any option.
 */
const LATE_OUTPUT_MS = 15_000;

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

/** Waits until `complete()`; past the limit it throws, naming what is missing (`shortfall()`), rather than lose audio. */
export async function awaitLateOutput(complete: () => boolean, shortfall: () => string): Promise<void> {
  const deadline = performance.now() + LATE_OUTPUT_MS;
  while (!complete()) {
    if (performance.now() > deadline) throw new Error(shortfall());
    await tick();
  }
}
