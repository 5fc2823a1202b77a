import { describe, expect, it } from 'vitest';
import type { SweepSpec } from '../config/sweep';
import { pendingPoint, type SweepPoint } from '../config/sweepPoint';
import { DEFAULT_CONFIG } from '../config/trainConfig';
import { sweepCsv, sweepFileName, sweepJson, SWEEP_CSV_COLUMNS } from './sweepExport';

const spec: SweepSpec = { setting: 'batchSize', values: [1, 2, 4] };
const done = (value: number, peak: number): SweepPoint => ({
  ...pendingPoint(value),
  status: 'done',
  wallMs: 5000,
  measured: {
    timedSteps: 6,
    firstTimedStep: 2,
    lastTimedStep: 7,
    stable: true,
    samplesPerSec: 10 * value,
    samplesPerSecLow: 10 * value - 1,
    samplesPerSecHigh: 10 * value + 1,
    samplesPerSecBlocks: 2,
    stepMs: 100,
    dataWaitMs: 10,
    uploadMs: 5,
    computeMs: 85,
    firstStepMs: 3000,
    gpuPeakBytes: peak,
    gpuPoolBytes: 2 * peak,
    gpuBytesInUse: 1000,
    bytesToGpuPerSample: 1024,
  },
});

describe('sweep export', () => {
  const points = [
    done(1, 2 ** 20),
    done(2, 2 ** 21),
    { ...pendingPoint(4), status: 'failed' as const, reason: '=HYPERLINK("x"), device lost' },
  ];

  it('writes one CSV line per point under a header, every figure in its column', () => {
    const lines = sweepCsv(spec, points).trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]!.split(',')).toEqual(['batchSize', ...SWEEP_CSV_COLUMNS.slice(1)]);
    const cells = lines[2]!.split(',');
    const col = (name: string) => cells[SWEEP_CSV_COLUMNS.indexOf(name as never)];
    expect(col('value')).toBe('2');
    expect(col('samplesPerSec')).toBe('20');
    expect([col('samplesPerSecLow'), col('samplesPerSecHigh'), col('samplesPerSecBlocks')]).toEqual([
      '19',
      '21',
      '2',
    ]);
    expect(col('gpuPeakBytes')).toBe(String(2 ** 21));
    expect(col('samplesPerSecPerMiB')).toBe('10');
    expect(col('bytesToGpuPerSample')).toBe('1024');
    // A reason that looks like a formula is made inert, and quoted for its comma.
    expect(lines[3]).toContain(`"'=HYPERLINK(""x""), device lost"`);
  });

  it('JSON carries the spec as the link writes it and every point', () => {
    const json = JSON.parse(
      sweepJson({ spec, base: DEFAULT_CONFIG, backend: null, startedAt: null, finishedAt: null, points }),
    );
    expect(json.kind).toBe('batchlab-sweep');
    expect(json.sweep).toBe('b:1,2,4');
    expect(json.points).toHaveLength(3);
    expect(json.points[1].measured.gpuPeakBytes).toBe(2 ** 21);
  });

  it('names files after the sweep, with safe characters only', () => {
    expect(sweepFileName(spec, [1, 2, 4], { ...DEFAULT_CONFIG, imageSizePx: 16 }, 'csv')).toBe(
      'batchlab-sweep-batch-1-2-4-at-16px.csv',
    );
    expect(
      sweepFileName(
        { setting: 'imageSizePx', values: 'auto' },
        [16, 32],
        { ...DEFAULT_CONFIG, batchSize: 2 },
        'png',
      ),
    ).toBe('batchlab-sweep-image-16-32-at-b2.png');
    expect(sweepFileName(spec, [1, 2, 4], DEFAULT_CONFIG, 'png', 'memory')).toBe(
      'batchlab-sweep-batch-1-2-4-at-32px-memory.png',
    );
    expect(
      sweepFileName(
        { setting: 'maskDtype', values: ['uint8', 'float32-onehot'] },
        ['uint8', 'float32-onehot'],
        DEFAULT_CONFIG,
        'json',
      ),
    ).toMatch(/^[a-z0-9-]+\.json$/);
  });
});
