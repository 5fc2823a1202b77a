/**
 * Resolves after the tasks already queued on this thread's event loop (such as a 'stop' message) had their
 * turn. A MessageChannel message rather than setTimeout(0), which browsers clamp to ≥ 4 ms once timers nest.
 * Works in windows, workers and Node.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}
