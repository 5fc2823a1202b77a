/**
 * The article's third lesson, run for real: N replicas, each a worker with its own GPU device, trained with
 * nn.DataParallel (outputs gathered on device 0), DataParallel with the loss inside forward, or
 * DistributedDataParallel (all-reduce). Composes the lesson's pieces, one file each in this folder.
 * Reads the parallel store; starts runs through its actions.
 */
import {
  selectParallelByStrategy,
  selectParallelLatest,
  selectParallelRun,
  useParallelStore,
} from '../../state/parallelStore';
import { Device0Comparison } from './Device0Comparison';
import { DeviceBars } from './DeviceBars';
import { DeviceTable } from './DeviceTable';
import { sharedMemoryScale } from './deviceFigures';
import { ParallelControls } from './ParallelControls';
import { ParallelStatus } from './ParallelStatus';
import { StrategyComparison } from './StrategyComparison';

export function ParallelPanel() {
  const latest = useParallelStore(selectParallelLatest);
  const run = useParallelStore(selectParallelRun);
  const byStrategy = useParallelStore(selectParallelByStrategy);
  const shown = [...(latest ? [latest] : []), ...Object.values(byStrategy).map((r) => r.last)];
  const memoryScale = sharedMemoryScale(shown);
  return (
    <section className="panel parallel" aria-labelledby="parallel-title" data-testid="parallel-panel">
      <h2 id="parallel-title">Several GPUs: DataParallel vs DistributedDataParallel</h2>
      <p className="help">
        Each device is a worker with its own WebGPU device and its own copy of the model; the batch is split
        into equal shards, one per device. Weights, outputs and gradients go worker to worker; every byte that
        crosses between devices is counted.
      </p>
      <ParallelControls />
      <ParallelStatus />
      {latest && (
        <>
          <DeviceBars step={latest} memoryScale={memoryScale} />
          <DeviceTable step={latest} />
          <Device0Comparison step={latest} />
        </>
      )}
      <StrategyComparison />
      <p className="notice" data-testid="parallel-honest-note">
        {(run?.isSoftwareAdapter ?? true)
          ? 'On a software adapter every "device" runs on the same CPU cores (two on a small machine), so more devices do not train faster here: wall time is not what this shows. Memory and bytes are — they are what the strategies change, on any hardware.'
          : 'Timings here are real, but devices in one browser share one GPU or one machine: read memory and bytes as the lesson, and wall time with care.'}
      </p>
    </section>
  );
}
