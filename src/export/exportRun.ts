/**
 * Pure serialisers for exporting a run: CSV (one line per telemetry row, header from the row's keys),
 * JSON (config + every telemetry row + evaluations), and file names built from the config. No DOM.
 */
import type { BackendInfo } from '../config/backendInfo';
import type { EvalRecord, TelemetryRow } from '../config/telemetry';
import type { TrainConfig } from '../config/trainConfig';

/** CSV column order: TelemetryRow's fields as declared; keys a newer row carries follow, in row order. */
const TELEMETRY_COLUMNS = [
  'step',
  'timeMs',
  'loss',
  'dataWaitMs',
  'uploadMs',
  'computeMs',
  'batchBuildMs',
  'stepMs',
  'batchSize',
  'samplesPerSec',
  'kernelsPerStep',
  'uploadedImageBytes',
  'uploadedMaskBytes',
  'hostBatchBytes',
  'gpuImageBytes',
  'hostBytesInFlight',
  'numTensors',
  'gpuBytesInUse',
  'gpuPeakBytes',
  'gpuBytesAllocated',
] as const satisfies readonly (keyof TelemetryRow)[];

export function csvColumns(rows: readonly TelemetryRow[]): string[] {
  const columns: string[] = [...TELEMETRY_COLUMNS];
  const known = new Set(columns);
  for (const key of Object.keys(rows[0] ?? {})) {
    if (!known.has(key)) {
      known.add(key);
      columns.push(key);
    }
  }
  return columns;
}

/** RFC 4180 cell: null/undefined → empty, numbers as JS prints them (round-trips), text quoted when needed. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Header line, then one line per row; lines end with \r\n (RFC 4180). Non-finite numbers are empty cells. */
export function toCsv(rows: readonly TelemetryRow[]): string {
  const columns = csvColumns(rows);
  const lines = [columns.join(',')];
  for (const row of rows) {
    const record = row as unknown as Record<string, unknown>;
    lines.push(columns.map((c) => csvCell(record[c])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export interface RunExportInput {
  config: TrainConfig;
  backend: BackendInfo | null;
  rows: readonly TelemetryRow[];
  evals: readonly EvalRecord[];
  exportedAt: Date;
}

/** The run file: its format and version, the export time (ISO 8601, UTC), the config and every row. */
export function toRunExport(input: RunExportInput) {
  return {
    format: 'batchlab-run' as const,
    version: 1 as const,
    exportedAt: input.exportedAt.toISOString(),
    config: input.config,
    backend: input.backend,
    telemetry: [...input.rows],
    evals: [...input.evals],
  };
}

/** Compact JSON (long runs hold many rows); a non-finite loss becomes null, as JSON requires. */
export function toRunJson(input: RunExportInput): string {
  return JSON.stringify(toRunExport(input));
}

/** 2025-03-04T05:06:07.890Z → "20250304-050607" (UTC, sorts by time, safe in file names). */
export function fileTimestamp(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 10).replace(/-/g, '')}-${iso.slice(11, 19).replace(/:/g, '')}`;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export type ExportConfig = Pick<TrainConfig, 'imageDtype' | 'normalizeOn' | 'imageSizePx' | 'batchSize'>;

/**
 * `batchlab-<imageDtype>-<normalizeOn>-<size>px-b<batch>[-<part>]-<timestamp>.<ext>`,
 * e.g. batchlab-uint8-model-32px-b4-20250304-050607.json or …-b4-memory-20250304-050607.png.
 */
export function exportFileName(config: ExportConfig, extension: string, date: Date, part?: string): string {
  const pieces = [
    'batchlab',
    config.imageDtype,
    config.normalizeOn,
    `${config.imageSizePx}px`,
    `b${config.batchSize}`,
    ...(part ? [part] : []),
    fileTimestamp(date),
  ];
  return `${pieces.map(slug).join('-')}.${slug(extension)}`;
}
