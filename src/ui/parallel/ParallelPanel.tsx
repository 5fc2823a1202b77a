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
import { useText } from '../i18n/useText';

export function ParallelPanel() {
  const latest = useParallelStore(selectParallelLatest);
  const run = useParallelStore(selectParallelRun);
  const byStrategy = useParallelStore(selectParallelByStrategy);
  const shown = [...(latest ? [latest] : []), ...Object.values(byStrategy).map((r) => r.last)];
  const memoryScale = sharedMemoryScale(shown);
  const w = useText().parallel;
  return (
    <section className="panel parallel" aria-labelledby="parallel-title" data-testid="parallel-panel">
      <h2 id="parallel-title">{w.title}</h2>
      <p className="help">{w.help}</p>
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
        {(run?.isSoftwareAdapter ?? true) ? w.honestSoftware : w.honestHardware}
      </p>
    </section>
  );
}
