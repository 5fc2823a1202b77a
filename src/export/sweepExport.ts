/**
 * What a sweep exports: CSV (one line per point, every figure), JSON (the spec, the base config, the
 * backend and every point) and the file names, built from the sweep itself (`batchlab-sweep-batch-1-2-4-
 * 32px.csv`). Pure; the page saves them with export/download.ts.
 */
import type { BackendInfo } from '../config/backendInfo';
import { FIELD_TABLE } from '../config/fieldTable';
import { MEMORY_GROUPS } from '../config/memoryEstimate';
import { encodeSweep, type SweepSpec } from '../config/sweep';
import {
  estimateOverPeak,
  samplesPerSecPerMiB,
  type SweepMeasurement,
  type SweepPoint,
} from '../config/sweepPoint';
import type { TrainConfig } from '../config/trainConfig';
import { csvCell } from './exportRun';

type CsvColumn = readonly [name: string, cell: (p: SweepPoint) => unknown];

const measured = (key: keyof SweepMeasurement): CsvColumn => [key, (p) => p.measured?.[key]];

/** The CSV's columns, each with the cell a point writes in it; the first is named after the swept setting. */
const CSV_COLUMNS: readonly CsvColumn[] = [
  ['value', (p) => p.value],
  ['status', (p) => p.status],
  ['reason', (p) => p.reason],
  measured('samplesPerSec'),
  measured('samplesPerSecLow'),
  measured('samplesPerSecHigh'),
  measured('samplesPerSecBlocks'),
  measured('stepMs'),
  measured('dataWaitMs'),
  measured('uploadMs'),
  measured('computeMs'),
  measured('firstStepMs'),
  measured('gpuPeakBytes'),
  measured('gpuPoolBytes'),
  measured('gpuBytesInUse'),
  ['samplesPerSecPerMiB', (p) => (p.measured ? samplesPerSecPerMiB(p.measured) : null)],
  ['estimateBytes', (p) => p.estimate?.totalBytes],
  ...MEMORY_GROUPS.map((g): CsvColumn => [`estimate_${g}Bytes`, (p) => p.estimate?.[g]]),
  ['estimateOverPeak', estimateOverPeak],
  measured('bytesToGpuPerSample'),
  measured('timedSteps'),
  measured('firstTimedStep'),
  ['stable', (p) => (p.measured ? (p.measured.stable ? 1 : 0) : null)],
  ['wallMs', (p) => p.wallMs],
];

export const SWEEP_CSV_COLUMNS = CSV_COLUMNS.map(([name]) => name);

/** A text cell that a spreadsheet would run as a formula gets a leading apostrophe. */
const inert = (cell: unknown): unknown =>
  typeof cell === 'string' && /^[=+\-@]/.test(cell) ? `'${cell}` : cell;

/** Header line (the swept field's name first), then one line per point; \r\n line ends (RFC 4180). */
export function sweepCsv(spec: SweepSpec, points: readonly SweepPoint[]): string {
  const header = [spec.setting, ...SWEEP_CSV_COLUMNS.slice(1)];
  const cells = (p: SweepPoint) => CSV_COLUMNS.map(([, cell]) => csvCell(inert(cell(p))));
  const lines = [header.join(','), ...points.map((p) => cells(p).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

export interface SweepExport {
  kind: 'batchlab-sweep';
  version: 1;
  /** The sweep as the link carries it (`b:1,2,4`). */
  sweep: string;
  spec: SweepSpec;
  base: TrainConfig;
  backend: BackendInfo | null;
  startedAt: string | null;
  finishedAt: string | null;
  points: SweepPoint[];
}

export function sweepJson(input: Omit<SweepExport, 'kind' | 'version' | 'sweep'>): string {
  const out: SweepExport = {
    kind: 'batchlab-sweep',
    version: 1,
    sweep: encodeSweep(input.spec),
    ...structuredClone(input),
  };
  return JSON.stringify(out, null, 2);
}

const SHORT_NAMES: Partial<Record<keyof TrainConfig, string>> = {
  batchSize: 'batch',
  imageSizePx: 'image',
  baseWidth: 'width',
  depth: 'depth',
  imageDtype: 'image-dtype',
  maskDtype: 'mask-dtype',
  optimizer: 'optimizer',
  workers: 'workers',
};

/**
 * `batchlab-sweep-batch-1-2-4-at-32px.csv`: the setting, its values, then the base's image size and
 * batch (whichever is not swept), then `part` if given (`…-memory.png`). Only [a-z0-9-] in the name.
 */
export function sweepFileName(
  spec: SweepSpec,
  values: readonly (string | number)[],
  base: TrainConfig,
  extension: string,
  /** What the file holds beyond the sweep, e.g. a chart's name (`memory`). */
  part?: string,
) {
  const name = SHORT_NAMES[spec.setting] ?? FIELD_TABLE[spec.setting].linkKey;
  const list = spec.values === 'auto' && values.length === 0 ? 'auto' : values.join('-');
  const at = [
    spec.setting === 'imageSizePx' ? null : `${base.imageSizePx}px`,
    spec.setting === 'batchSize' ? null : `b${base.batchSize}`,
  ].filter((s) => s !== null);
  const stem = `batchlab-sweep-${name}-${list}-at-${at.join('-')}${part ? `-${part}` : ''}`
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-');
  return `${stem.slice(0, 120)}.${extension}`;
}
