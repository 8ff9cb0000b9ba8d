/**
 * Runs `work`, measuring its time and how long the event loop was blocked meanwhile (a 1 ms
 * timer's worst lateness): what a server's other requests would have waited.
 */
export async function withStall<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; stallMs: number }> {
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 1);
    last = now;
  }, 1);
  const start = performance.now();
  const value = await work();
  const ms = performance.now() - start;
  clearInterval(timer);
  return { value, ms, stallMs: Math.max(worst, performance.now() - last - 1) };
}
