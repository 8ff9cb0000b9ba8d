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

/**
 * A map of old to new positions as runs: old positions [from[i], to[i]) move by delta[i] (the
 * positions taken out lie between runs). Few runs for an edit of a few items.
 */
export interface Runs {
  from: number[];
  to: number[];
  delta: number[];
}

/** Adds old positions [from, to) of `map` to `runs` (called chunk by chunk, in order). */
export function runsOf(map: Uint32Array, from: number, to: number, runs: Runs): void {
  for (let p = from; p < to; p++) {
    const q = map[p]!;
    if (q === NONE) continue;
    const at = runs.from.length - 1;
    if (at >= 0 && runs.to[at] === p && runs.delta[at] === q - p) runs.to[at] = p + 1;
    else {
      runs.from.push(p);
      runs.to.push(p + 1);
      runs.delta.push(q - p);
    }
  }
}

/** ORs into `dst` (a bitset over new positions) the bits of `src` (over old positions) moved by the runs. */
export function shiftBits(src: Uint32Array, dst: Uint32Array, runs: Runs): void {
  for (let i = 0; i < runs.from.length; i++) copyBits(src, runs.from[i]!, dst, runs.from[i]! + runs.delta[i]!, runs.to[i]! - runs.from[i]!);
}

/** dst bits [at, at + len) |= src bits [from, from + len), a destination word at a time. */
function copyBits(src: Uint32Array, from: number, dst: Uint32Array, at: number, len: number): void {
  let done = 0;
  while (done < len) {
    const t = at + done;
    const s = from + done;
    const tb = t & 31;
    const n = Math.min(32 - tb, len - done);
    const sw = s >>> 5;
    const sb = s & 31;
    let bits = src[sw]! >>> sb;
    if (sb !== 0 && sb + n > 32) bits |= src[sw + 1]! << (32 - sb);
    if (n < 32) bits &= (1 << n) - 1;
    dst[t >>> 5]! |= bits << tb;
    done += n;
  }
}

/**
 * The arrays an edit replaced, by name, kept for the next edit to write into: an edit of a
 * half-million-item index then allocates nothing big, which would set off full garbage
 * collections (docs/decisions/0020). An array given back must be referenced nowhere else.
 */
export class Spares {
  private readonly kept = new Map<string, ArrayBuffer>();

  /** n zeroed entries: a kept array's, or a new one with a little room to grow. */
  u32(key: string, n: number): Uint32Array {
    const buffer = this.take(key, n * 4);
    return buffer ? new Uint32Array(buffer, 0, n).fill(0) : new Uint32Array(new ArrayBuffer((n + (n >>> 6) + 256) * 4), 0, n);
  }

  u16(key: string, n: number): Uint16Array {
    const buffer = this.take(key, n * 2);
    return buffer ? new Uint16Array(buffer, 0, n).fill(0) : new Uint16Array(new ArrayBuffer((n + (n >>> 6) + 256) * 2), 0, n);
  }

  /** Keeps an array no longer used (its whole buffer) under a name. */
  give(key: string, a: Uint32Array | Uint16Array | undefined): void {
    if (a && a.buffer instanceof ArrayBuffer) this.kept.set(key, a.buffer);
  }

  private take(key: string, bytes: number): ArrayBuffer | undefined {
    const buffer = this.kept.get(key);
    if (!buffer || buffer.byteLength < bytes) return undefined;
    this.kept.delete(key);
    return buffer;
  }
}
