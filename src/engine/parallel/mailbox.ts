/**
 * Per-sender FIFO queues that turn pushed messages into awaited takes: what a replica receives from each
 * peer (engine/parallel/transport.ts) and what the coordinator receives from each replica
 * (app/parallel/coordinator.ts). Once failed, every waiting and later take rejects with the failure, so no
 * one waits forever on a peer that crashed. Pure: no tfjs, no DOM.
 */
export class Mailbox<T> {
  private readonly queues = new Map<number, T[]>();
  private readonly waiters = new Map<number, { resolve: (m: T) => void; reject: (e: Error) => void }[]>();
  private failure: Error | null = null;

  deliver(from: number, message: T): void {
    const waiter = this.waiters.get(from)?.shift();
    if (waiter) {
      waiter.resolve(message);
      return;
    }
    const queue = this.queues.get(from) ?? [];
    queue.push(message);
    this.queues.set(from, queue);
  }

  /** The next message from `from`, in delivery order. */
  take(from: number): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const queued = this.queues.get(from)?.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const waiting = this.waiters.get(from) ?? [];
      waiting.push({ resolve, reject });
      this.waiters.set(from, waiting);
    });
  }

  /** Rejects every waiting take, and every later one, with `error` (the first failure wins). */
  fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    for (const waiting of this.waiters.values()) for (const w of waiting) w.reject(error);
    this.waiters.clear();
  }
}
