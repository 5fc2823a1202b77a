/**
 * The pluggable transport between replicas, and the meter on top of it. A RawLink moves envelopes between
 * ranks (in-process queues for tests in test/fixtures/inProcessRun.ts, MessagePorts between workers in the browser); a Link is what the
 * strategies use: it checks each message's kind, counts every payload byte sent and received per kind,
 * and times how long the replica waits for messages. Messages between two ranks arrive in order (both
 * transports are FIFO per pair), which is all the strategies' fixed protocols need. Pure: no tfjs.
 */
import { zeroBytesByKind, type BytesByKind, type PayloadKind } from '../../config/parallel';

/** One message between devices: a float32 payload and what it is. */
export interface Envelope {
  kind: PayloadKind;
  data: Float32Array;
}

/** A transport endpoint of one rank. `send` must not alias `data` after it returns (copy or transfer). */
export interface RawLink {
  readonly rank: number;
  readonly size: number;
  send(to: number, envelope: Envelope): void;
  /** The next envelope from `from`, in sending order. */
  receive(from: number): Promise<Envelope>;
}

/** Counters of one device, reset at the start of every step. */
export interface TrafficMeter {
  sentBytes: BytesByKind;
  receivedBytes: BytesByKind;
  /** Time spent awaiting receives, ms. */
  waitMs: number;
}

const createTrafficMeter = (): TrafficMeter => ({
  sentBytes: zeroBytesByKind(),
  receivedBytes: zeroBytesByKind(),
  waitMs: 0,
});

export function resetTrafficMeter(meter: TrafficMeter): void {
  meter.sentBytes = zeroBytesByKind();
  meter.receivedBytes = zeroBytesByKind();
  meter.waitMs = 0;
}

/** The metered endpoint the strategies talk through. */
export interface Link {
  readonly rank: number;
  readonly size: number;
  readonly meter: TrafficMeter;
  send(to: number, kind: PayloadKind, data: Float32Array): void;
  /** Receives the next message from `from`; throws if it is not of `kind` (a protocol bug). */
  receive(from: number, kind: PayloadKind): Promise<Float32Array>;
}

export function meteredLink(raw: RawLink): Link {
  const meter = createTrafficMeter();
  const checkPeer = (peer: number) => {
    if (!Number.isInteger(peer) || peer < 0 || peer >= raw.size || peer === raw.rank) {
      throw new Error(`rank ${raw.rank} has no peer ${peer}`);
    }
  };
  return {
    rank: raw.rank,
    size: raw.size,
    meter,
    send(to, kind, data) {
      checkPeer(to);
      meter.sentBytes[kind] += data.byteLength;
      raw.send(to, { kind, data });
    },
    async receive(from, kind) {
      checkPeer(from);
      const t0 = performance.now();
      const envelope = await raw.receive(from);
      meter.waitMs += performance.now() - t0;
      if (envelope.kind !== kind) {
        throw new Error(`rank ${raw.rank} expected ${kind} from ${from}, got ${envelope.kind}`);
      }
      meter.receivedBytes[kind] += envelope.data.byteLength;
      return envelope.data;
    },
  };
}
