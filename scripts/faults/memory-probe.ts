/**
 * Preloaded into the server by the soak test (`--import ./scripts/faults/memory-probe.ts`): when
 * the server runs with an IPC channel, it answers each 'memory' message with its RSS and heap.
 * Without a channel (a normal start) it does nothing.
 */
if (process.send) {
  process.on('message', (message) => {
    if (message === 'memory') process.send?.({ memory: process.memoryUsage() });
  });
  // The channel must not keep the server alive, nor stop it exiting on SIGTERM.
  process.channel?.unref();
}
