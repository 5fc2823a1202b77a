/**
 * Case h: the multi-device lesson (issue 7, item 5). For N = 1, 2, 4 replica workers (each with its own
 * WebGPU device) and each strategy (dp-gather, dp-loss-in-forward, ddp), a short run at a small config;
 * per device in the last step: GPU bytes in use (peak) and in the pool, bytes sent and received by kind,
 * busy vs waiting ms. Per run, device 0's expected extra memory (the panel's formula) beside the measured
 * one, and device 0 ÷ device 1 in-use bytes under dp-gather vs ddp. On a software adapter every device
 * shares the same CPU cores: memory and bytes are what this shows, not a wall-time speed-up.
 * Browser only (Workers).
 */
import type { TrainConfig } from '../../config/trainConfig';
import { describeUNet, parameterCount } from '../../config/unetSpec';
import { startParallelRun, type ParallelReady } from '../../app/parallel/coordinator';
import { gatheredOutputBytes } from '../../engine/parallel/trafficFormula';
import {
  PARALLEL_STRATEGIES,
  totalBytes,
  type ParallelStepRecord,
  type ParallelStrategy,
  type ReplicaStepReport,
} from '../../config/parallel';
import type { BenchContext } from '../benchContext';
import { expectedDevice0Extra } from '../../config/device0Extra';
import { goalRatio, type BenchRatio, type CaseBody, type Cell } from '../benchTypes';
import { round } from '../timing';

/** The panel's memory figure of a device: GPU bytes in use at the peak, else live tensor bytes. */
const memoryOf = (r: ReplicaStepReport) => r.memory.gpuBytesInUsePeak ?? r.memory.tensorBytesPeak;

interface RunFigures {
  config: TrainConfig;
  replicas: number;
  strategy: ParallelStrategy;
  record: ParallelStepRecord | null;
  ready: ParallelReady | null;
  status: string;
  message: string | null;
  wallMs: number;
}

async function runOne(
  config: TrainConfig,
  replicas: number,
  strategy: ParallelStrategy,
  steps: number,
): Promise<RunFigures> {
  const t0 = performance.now();
  let record: ParallelStepRecord | null = null;
  let ready: ParallelReady | null = null;
  const run = startParallelRun(
    { config, replicas, strategy, allReduce: 'ring', steps },
    {
      onReady: (r) => (ready = r),
      onStep: (r) => (record = r),
    },
  );
  const outcome = await run.done;
  return {
    config,
    replicas,
    strategy,
    record,
    ready,
    status: outcome.status,
    message: outcome.message,
    wallMs: performance.now() - t0,
  };
}

function deviceRows(f: RunFigures): Record<string, Cell>[] {
  const reports = f.record?.reports ?? [];
  const others = reports.slice(1);
  const othersMean = others.length ? others.reduce((s, r) => s + memoryOf(r), 0) / others.length : null;
  return reports.map((r) => {
    const first = r.rank === 0;
    const expected = f.record?.expected[r.rank];
    return {
      n: r.rank === 0 ? f.replicas : null,
      strategy: r.rank === 0 ? f.strategy : null,
      device: r.rank,
      inUsePeakBytes: r.memory.gpuBytesInUsePeak,
      poolBytes: r.memory.gpuBytesAllocated,
      sentWeightsBytes: r.sentBytes.weights,
      sentOutputsBytes: r.sentBytes.outputs,
      sentOutputGradsBytes: r.sentBytes['output-grads'],
      sentGradsBytes: r.sentBytes.grads,
      receivedWeightsBytes: r.receivedBytes.weights,
      receivedOutputsBytes: r.receivedBytes.outputs,
      receivedOutputGradsBytes: r.receivedBytes['output-grads'],
      receivedGradsBytes: r.receivedBytes.grads,
      formulaMatches: expected
        ? totalBytes(expected.sentBytes) === totalBytes(r.sentBytes) &&
          totalBytes(expected.receivedBytes) === totalBytes(r.receivedBytes)
          ? 'yes'
          : 'no'
        : null,
      busyMs: round(r.busyMs),
      waitMs: round(r.waitMs),
      // Device 0's extra bytes at its step peak, from the config: the panel's formula.
      extraExpectedBytes: first && f.replicas > 1 ? expectedDevice0Extra(f.config, f).totalBytes : null,
      extraMeasuredBytes: first && othersMean !== null ? Math.round(memoryOf(r) - othersMean) : null,
    };
  });
}

function device0Over1(f: RunFigures | undefined): number | null {
  const [d0, d1] = f?.record?.reports ?? [];
  return d0 && d1 ? memoryOf(d0) / memoryOf(d1) : null;
}

export async function runMultiDevice(ctx: BenchContext): Promise<CaseBody> {
  const { config, replicaCounts, steps } = ctx.plan.multiDevice;
  const runs: RunFigures[] = [];
  for (const replicas of replicaCounts) {
    for (const strategy of PARALLEL_STRATEGIES) {
      ctx.log(`h: N = ${replicas}, ${strategy}`);
      runs.push(await runOne(config, replicas, strategy, steps));
    }
  }
  const rows = runs.flatMap(deviceRows);
  const ratios: BenchRatio[] = [];
  const sizes = {
    replicas: 1,
    parameterCount: parameterCount(describeUNet(config)),
    shardSize: config.batchSize,
    heightPx: config.imageSizePx,
    widthPx: config.imageSizePx,
    numClasses: config.numClasses,
  };
  const gathered = gatheredOutputBytes(sizes);
  for (const n of replicaCounts.filter((c) => c > 1)) {
    const find = (s: ParallelStrategy) => runs.find((r) => r.replicas === n && r.strategy === s);
    const gather = find('dp-gather');
    const gatherRatio = device0Over1(gather);
    const ddpRatio = device0Over1(find('ddp'));
    if (gatherRatio !== null)
      ratios.push({ label: `N=${n} dp-gather: device 0 ÷ device 1 in-use bytes`, value: round(gatherRatio) });
    if (ddpRatio !== null)
      ratios.push(goalRatio(`N=${n} ddp: device 0 ÷ device 1 in-use bytes`, ddpRatio, '≤', '1.1'));
    const [d0, d1] = gather?.record?.reports ?? [];
    if (d0 && d1) {
      const label = `N=${n} dp-gather: (device 0 − device 1) ÷ gathered outputs ${gathered} B`;
      ratios.push(goalRatio(label, (memoryOf(d0) - memoryOf(d1)) / gathered, '≥', '1'));
    }
  }
  const failures = runs.filter((r) => r.status !== 'finished');
  const backends = [
    ...new Set(
      runs.flatMap((r) => r.ready?.backends.map((b) => `${b.backend} (${b.adapterDescription})`) ?? []),
    ),
  ];
  return {
    title: `several devices: per-device memory and bytes, ${config.imageSizePx} px, batch ${config.batchSize}, N = ${replicaCounts.join(', ')}`,
    columns: [
      { key: 'n', label: 'N' },
      { key: 'strategy', label: 'strategy' },
      { key: 'device', label: 'dev' },
      { key: 'inUsePeakBytes', label: 'in use peak B' },
      { key: 'poolBytes', label: 'pool B' },
      { key: 'sentWeightsBytes', label: 'sent weights B' },
      { key: 'sentOutputsBytes', label: 'sent outputs B' },
      { key: 'sentOutputGradsBytes', label: 'sent out-grads B' },
      { key: 'sentGradsBytes', label: 'sent grads B' },
      { key: 'receivedWeightsBytes', label: 'recv weights B' },
      { key: 'receivedOutputsBytes', label: 'recv outputs B' },
      { key: 'receivedOutputGradsBytes', label: 'recv out-grads B' },
      { key: 'receivedGradsBytes', label: 'recv grads B' },
      { key: 'formulaMatches', label: '= formula' },
      { key: 'busyMs', label: 'busy ms' },
      { key: 'waitMs', label: 'wait ms' },
      { key: 'extraExpectedBytes', label: 'dev 0 extra expected B' },
      { key: 'extraMeasuredBytes', label: 'dev 0 extra measured B' },
    ],
    rows,
    ratios,
    notes: [
      `config: depth ${config.depth}, width ${config.baseWidth}, ${config.numClasses} classes, ${config.optimizer}, P = ${sizes.parameterCount} parameters; ${steps} steps per run, the last one recorded (the first compiles shaders); ring all-reduce under ddp`,
      `every replica is a Worker with its own device (${backends.join('; ') || 'no backend reported'}); on a software adapter all devices share the same CPU cores, so busy/wait ms show the load's balance, not a speed-up`,
      'in use peak = highest GPU bytes held by live tensors at a phase boundary of the step; pool = GPU bytes allocated including tfjs reuse pool; = formula: sent and received totals equal src/engine/parallel/trafficFormula.ts to the byte',
      'dev 0 extra expected = the panel formula (gathered outputs + their gradients + batch labels + loss under dp-gather; N·P·4 weight gradients + Adam state under both dp strategies; 0 under ddp); measured = device 0 in-use peak − the mean of the others',
      `run wall ms: ${runs.map((r) => `N=${r.replicas} ${r.strategy} ${Math.round(r.wallMs)}`).join(', ')}`,
    ],
    ...(failures.length
      ? {
          error: failures
            .map((f) => `N=${f.replicas} ${f.strategy}: ${f.status} ${f.message ?? ''}`)
            .join('; '),
        }
      : {}),
  };
}
