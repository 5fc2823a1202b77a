import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config/trainConfig';
import type { EvalRecord } from '../config/telemetry';
import { csvColumns, exportFileName, fileTimestamp, toCsv, toRunExport, toRunJson } from './exportRun';
import { makeRow, makeRows } from '../../test/fixtures/testRows';

/** A small RFC 4180 reader: quoted cells, doubled quotes, \r\n line ends. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || record.length) records.push([...record, cell]);
  return records;
}

const evals: EvalRecord[] = [
  { step: 0, meanIoU: 0.1, pixelAccuracy: 0.3 },
  { step: 3, meanIoU: 0.25, pixelAccuracy: 0.55 },
];
const when = new Date(Date.UTC(2025, 2, 4, 5, 6, 7, 890));

describe('toCsv', () => {
  it('has a header of TelemetryRow keys and one line per step that parses back to the same numbers', () => {
    const rows = makeRows(1, 6);
    const records = parseCsv(toCsv(rows));
    const [header, ...body] = records;
    expect(header).toEqual(Object.keys(makeRow(1)));
    expect(body).toHaveLength(6);
    body.forEach((cells, i) => {
      const back = Object.fromEntries(header!.map((key, k) => [key, Number(cells[k])]));
      expect(back).toEqual(rows[i]);
    });
  });

  it('writes null (no GPU memory on cpu) and non-finite numbers as empty cells', () => {
    const rows = [makeRow(1, { gpuBytesInUse: null, gpuBytesAllocated: null, loss: Number.NaN })];
    const [header, cells] = parseCsv(toCsv(rows));
    const at = (key: string) => cells![header!.indexOf(key)];
    expect(at('gpuBytesInUse')).toBe('');
    expect(at('gpuBytesAllocated')).toBe('');
    expect(at('loss')).toBe('');
    expect(at('step')).toBe('1');
  });

  it('keeps keys a newer row carries, after the known ones, and quotes text that needs it', () => {
    const row = { ...makeRow(2), note: 'a, "b"' };
    expect(csvColumns([row]).at(-1)).toBe('note');
    const [header, cells] = parseCsv(toCsv([row]));
    expect(header!.at(-1)).toBe('note');
    expect(cells!.at(-1)).toBe('a, "b"');
  });

  it('is just the header for an empty run', () => {
    expect(parseCsv(toCsv([]))).toEqual([csvColumns([])]);
  });
});

describe('toRunJson', () => {
  it('round-trips config, every telemetry row and the evaluations', () => {
    const rows = makeRows(1, 6);
    const json = toRunJson({ config: DEFAULT_CONFIG, backend: null, rows, evals, exportedAt: when });
    const back = JSON.parse(json) as ReturnType<typeof toRunExport>;
    expect(back).toEqual(
      toRunExport({ config: DEFAULT_CONFIG, backend: null, rows, evals, exportedAt: when }),
    );
    expect(back.format).toBe('batchlab-run');
    expect(back.exportedAt).toBe('2025-03-04T05:06:07.890Z');
    expect(back.config).toEqual(DEFAULT_CONFIG);
    expect(back.telemetry).toEqual(rows);
    expect(back.telemetry.map((r) => r.step)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(back.evals).toEqual(evals);
  });

  it('turns a non-finite loss into null, keeps null GPU bytes', () => {
    const rows = [makeRow(1, { loss: Number.POSITIVE_INFINITY, gpuBytesInUse: null })];
    const back = JSON.parse(
      toRunJson({ config: DEFAULT_CONFIG, backend: null, rows, evals: [], exportedAt: when }),
    );
    expect(back.telemetry[0].loss).toBeNull();
    expect(back.telemetry[0].gpuBytesInUse).toBeNull();
  });
});

describe('exportFileName', () => {
  it('is named after the config and the UTC time', () => {
    expect(fileTimestamp(when)).toBe('20250304-050607');
    expect(exportFileName(DEFAULT_CONFIG, 'json', when)).toBe(
      'batchlab-uint8-model-32px-b4-20250304-050607.json',
    );
    const f16 = {
      ...DEFAULT_CONFIG,
      imageDtype: 'float16',
      normalizeOn: 'loader',
      imageSizePx: 64,
      batchSize: 16,
    } as const;
    expect(exportFileName(f16, 'csv', when)).toBe('batchlab-float16-loader-64px-b16-20250304-050607.csv');
    expect(exportFileName(DEFAULT_CONFIG, 'png', when, 'Bytes to GPU')).toBe(
      'batchlab-uint8-model-32px-b4-bytes-to-gpu-20250304-050607.png',
    );
  });
});
