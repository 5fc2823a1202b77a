/**
 * The browser transport between replica workers: one MessagePort per peer (a MessageChannel per pair,
 * wired by the coordinator), FIFO per pair. Payloads are copied into a fresh buffer and that buffer is
 * transferred, never the caller's array (tfjs may hand out its own storage on cpu, and ring chunks are
 * views of one vector). Gradients and outputs go worker to worker; the UI thread never sees them.
 */
import { Mailbox } from '../../engine/parallel/mailbox';
import type { Envelope, RawLink } from '../../engine/parallel/transport';

export function createPortLink(rank: number, size: number, ports: ReadonlyMap<number, MessagePort>): RawLink {
  const mailbox = new Mailbox<Envelope>();
  for (const [peer, port] of ports) {
    port.onmessage = (event: MessageEvent<Envelope>) => mailbox.deliver(peer, event.data);
  }
  return {
    rank,
    size,
    send(to, envelope) {
      const port = ports.get(to);
      if (!port) throw new Error(`rank ${rank} has no port to ${to}`);
      const data = envelope.data.slice();
      port.postMessage({ kind: envelope.kind, data } satisfies Envelope, [data.buffer]);
    },
    receive: (from) => mailbox.take(from),
  };
}
