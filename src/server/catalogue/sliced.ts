/**
 * Work written as a generator that yields at points where it may pause (every few thousand
 * entries of a big array), run either at once or in slices between which the event loop serves
 * requests (docs/decisions/0020-catalogue-editing.md: an in-place edit of a half-million-item
 * index is tens of milliseconds of work, which in one piece stalls every request behind it).
 * Work run sliced must only read what requests leave alone, and change shared state only in
 * what it returns (a commit run in one synchronous step).
 */
export type Steps<T> = Generator<void, T, void>;

/** Runs the steps to the end, synchronously. */
export function runNow<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Slices of this many milliseconds at most (plus one step) between returns to the event loop. */
export const SLICE_MS = 3;

/** Runs the steps, returning to the event loop whenever a slice has taken `sliceMs`. */
export async function runSliced<T>(steps: Steps<T>, sliceMs = SLICE_MS): Promise<T> {
  let start = performance.now();
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (performance.now() - start >= sliceMs) {
      await new Promise((resolve) => setImmediate(resolve));
      start = performance.now();
    }
  }
}

/** Entries of a typed array handled between two yields. */
export const STEP = 32_768;

/** In a map of old to new positions (an index's items taken out and put in): taken out. */
export const NONE = 0xffffffff;
