/**
 * Gradient and traffic bookkeeping: what each device sends and receives in a step, by kind, measured by the
 * metered links while the strategies really run (cpu backend, in-process), against the formulas.
 */
import * as tf from '../tf';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type TrainConfig } from '../../config/trainConfig';
import { describeUNet, parameterCount } from '../../config/unetSpec';
import { runInProcess } from '../../../test/fixtures/inProcessRun';
import { expectedTraffic, gatheredOutputBytes, type TrafficSizes } from './trafficFormula';
import {
  PAYLOAD_KINDS,
  totalBytes,
  type AllReduceAlgorithm,
  type ParallelStrategy,
} from '../../config/parallel';

const config: TrainConfig = {
  ...DEFAULT_CONFIG,
  imageSizePx: 16,
  batchSize: 4,
  depth: 2,
  baseWidth: 4,
  numClasses: 3,
  optimizer: 'sgd',
};

beforeAll(async () => {
  await tf.setBackend('cpu');
  await tf.ready();
});

const sizesFor = (replicas: number, p: number): TrafficSizes => ({
  replicas,
  parameterCount: p,
  shardSize: config.batchSize / replicas,
  heightPx: config.imageSizePx,
  widthPx: config.imageSizePx,
  numClasses: config.numClasses,
});

describe('traffic bookkeeping per strategy and device', () => {
  it('the model has the parameter count the architecture table gives', async () => {
    const run = await runInProcess({
      config,
      backend: 'cpu',
      replicas: 1,
      strategy: 'ddp',
      allReduce: 'ring',
      steps: 1,
    });
    expect(run.parameterCount).toBe(parameterCount(describeUNet(config)));
    // One device: nothing crosses.
    expect(totalBytes(run.reports[0]![0]!.sentBytes) + totalBytes(run.reports[0]![0]!.receivedBytes)).toBe(0);
  });

  for (const replicas of [2, 4]) {
    it(`N = ${replicas}: measured bytes per device and kind equal the formulas, two steps running`, async () => {
      const cases: [ParallelStrategy, AllReduceAlgorithm][] = [
        ['dp-gather', 'ring'],
        ['dp-loss-in-forward', 'ring'],
        ['ddp', 'ring'],
        ['ddp', 'tree'],
      ];
      for (const [strategy, allReduce] of cases) {
        const run = await runInProcess({ config, backend: 'cpu', replicas, strategy, allReduce, steps: 2 });
        const sizes = sizesFor(replicas, run.parameterCount);
        for (const step of run.reports) {
          for (const report of step) {
            const expected = expectedTraffic(strategy, allReduce, report.rank, sizes);
            expect(report.sentBytes, `${strategy} rank ${report.rank} sent`).toEqual(expected.sentBytes);
            expect(report.receivedBytes, `${strategy} rank ${report.rank} received`).toEqual(
              expected.receivedBytes,
            );
            expect(report.waitMs).toBeLessThanOrEqual(report.stepMs);
          }
          // Every byte sent is received by someone.
          for (const kind of PAYLOAD_KINDS) {
            const sent = step.reduce((s, r) => s + r.sentBytes[kind], 0);
            const received = step.reduce((s, r) => s + r.receivedBytes[kind], 0);
            expect(sent, kind).toBe(received);
          }
        }
      }
    });
  }

  it('dp-gather moves whole outputs to device 0; loss-in-forward moves 4-byte scalars', () => {
    const p = 1000;
    const sizes = sizesFor(4, p);
    const shardOutputBytes = 1 * 16 * 16 * 3 * 4;
    expect(gatheredOutputBytes(sizes)).toBe(4 * 16 * 16 * 3 * 4);
    const gather0 = expectedTraffic('dp-gather', 'ring', 0, sizes);
    expect(gather0.receivedBytes.outputs).toBe(3 * shardOutputBytes);
    expect(gather0.sentBytes['output-grads']).toBe(3 * shardOutputBytes);
    expect(gather0.sentBytes.weights).toBe(3 * p * 4);
    const loss1 = expectedTraffic('dp-loss-in-forward', 'ring', 1, sizes);
    expect(loss1.sentBytes.outputs).toBe(4);
    expect(loss1.receivedBytes['output-grads']).toBe(4);
    expect(loss1.sentBytes.grads).toBe(p * 4);
    // ddp: no weights, no outputs; ring traffic the same on every device.
    const ring = [0, 1, 2, 3].map((r) => expectedTraffic('ddp', 'ring', r, sizes));
    for (const t of ring) {
      expect(t.sentBytes.weights + t.sentBytes.outputs + t.receivedBytes.outputs).toBe(0);
      expect(t.sentBytes.grads).toBe(2 * 3 * 250 * 4);
    }
  });
});
