/**
 * Entry of one replica worker: its own tfjs backend (its own WebGPU device), its own model copy, ports to
 * every other replica, and the step loop's body. Each replica builds only its own shard of each batch
 * (device 0 under dp-gather builds the whole batch: it needs every label).
 */
import type { BackendInfo } from '../../config/backendInfo';
import { buildHostBatch } from '../../data/buildBatch';
import { buildShardBatch, shardHostBatch } from '../../data/shardBatch';
import { initBackend } from '../../engine/backend';
import { readMemory } from '../../engine/memoryReadout';
import { createReplica, needsWholeBatch, type Replica } from '../../engine/parallel/replica';
import { meteredLink, type Link } from '../../engine/parallel/transport';
import type { FromReplica, ToReplica } from './parallelProtocol';
import { createPortLink } from './portLink';

interface WorkerScope {
  postMessage(message: FromReplica, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<ToReplica>) => void) | null;
}
const scope = self as unknown as WorkerScope;

let rank = -1;
let replica: Replica | null = null;
let link: Link | null = null;
let init: Extract<ToReplica, { type: 'init' }> | null = null;
let failed = false;

const fail = (error: unknown) => {
  if (failed) return;
  failed = true;
  scope.postMessage({
    type: 'failed',
    rank,
    message: error instanceof Error ? error.message : String(error),
  });
};

async function start(message: Extract<ToReplica, { type: 'init' }>, ports: readonly MessagePort[]) {
  rank = message.rank;
  init = message;
  const info: BackendInfo = await initBackend(message.config.backend, {
    onDeviceLost: (reason) => fail(`replica ${rank}: the GPU device was lost (${reason})`),
    onGpuError: (text) => fail(`replica ${rank}: uncaptured GPU error: ${text}`),
  });
  const byPeer = new Map<number, MessagePort>();
  message.peers.forEach((peer, i) => {
    const port = ports[i];
    if (!port) throw new Error(`no port for peer ${peer}`);
    byPeer.set(peer, port);
  });
  link = meteredLink(createPortLink(message.rank, message.size, byPeer));
  replica = createReplica({
    config: message.config,
    backend: info.backend,
    rank: message.rank,
    size: message.size,
    strategy: message.strategy,
    allReduce: message.allReduce,
  });
  const m = readMemory();
  scope.postMessage({
    type: 'ready',
    rank,
    info,
    parameterCount: replica.parameterCount,
    memory: {
      gpuBytesInUsePeak: m.gpuBytesInUse,
      gpuBytesInUseEnd: m.gpuBytesInUse,
      gpuBytesAllocated: m.gpuBytesAllocated,
      tensorBytesPeak: m.tensorBytes,
      numTensors: m.numTensors,
    },
  });
}

async function step(index: number) {
  if (!replica || !link || !init) throw new Error('replica not initialised');
  const { config, strategy, size } = init;
  const t0 = performance.now();
  const batch = needsWholeBatch(strategy, rank) ? buildHostBatch(config, index) : null;
  const shard = batch ? shardHostBatch(batch, size)[rank]! : buildShardBatch(config, index, rank, size);
  const dataMs = performance.now() - t0;
  const report = await replica.step(link, { shard, batch }, dataMs);
  scope.postMessage({ type: 'step-done', rank, report: { ...report, step: index } });
}

async function readWeights() {
  if (!replica) throw new Error('replica not initialised');
  const weights = await replica.readWeights();
  scope.postMessage({ type: 'weights', rank, weights }, [weights.buffer]);
}

scope.onmessage = (event) => {
  if (failed) return;
  const message = event.data;
  const work =
    message.type === 'init'
      ? start(message, event.ports)
      : message.type === 'step'
        ? step(message.step)
        : readWeights();
  work.catch(fail);
};
