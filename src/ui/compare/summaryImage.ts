/**
 * The comparison summary as a PNG, to paste into a lesson: the table drawn with fillText on a canvas
 * (no DOM snapshot, no external fonts).
 */
import type { CompareSummary } from './compareSummary';
import { formatCompareRatio, formatCompareValue, type CompareFormat } from './compareExport';

export interface SummaryImageText {
  title: string;
  /** One line each, e.g. "A: uint8 images, normalize in model (webgpu)". */
  subtitles: string[];
  /** The table's header cells (metric, A, B, B/A) and each metric's label, in the page's language. */
  columns: readonly string[];
  labels: Readonly<Record<string, string>>;
  /** How missing figures read and the digits' locale. */
  format: CompareFormat;
}

const FONT_PX = 14;
const LINE_PX = 24;
const PAD_PX = 16;
const COLUMN_PX = [330, 150, 150, 90] as const;

/** Draws `summary` as a table and encodes it as PNG. Rejects if the canvas cannot encode. */
export function summaryPng(summary: CompareSummary, text: SummaryImageText): Promise<Blob> {
  const width = PAD_PX * 2 + COLUMN_PX.reduce((sum, w) => sum + w, 0);
  const headerLines = 1 + text.subtitles.length;
  const height = PAD_PX * 2 + LINE_PX * (headerLines + 1.5 + summary.metrics.length);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('no 2D canvas'));
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.textBaseline = 'middle';
  let y = PAD_PX + LINE_PX / 2;
  ctx.fillStyle = '#1b1f24';
  ctx.font = `600 ${FONT_PX + 2}px system-ui, sans-serif`;
  ctx.fillText(text.title, PAD_PX, y);
  ctx.font = `${FONT_PX - 1}px system-ui, sans-serif`;
  ctx.fillStyle = '#57606a';
  for (const line of text.subtitles) {
    y += LINE_PX;
    ctx.fillText(line, PAD_PX, y, width - 2 * PAD_PX);
  }
  y += LINE_PX * 1.5;
  const row = (cells: readonly string[], bold: boolean) => {
    ctx.font = `${bold ? '600 ' : ''}${FONT_PX}px system-ui, sans-serif`;
    let x = PAD_PX;
    cells.forEach((cell, i) => {
      const w = COLUMN_PX[i] ?? 100;
      ctx.textAlign = i === 0 ? 'left' : 'right';
      ctx.fillText(cell, i === 0 ? x : x + w - 8, y, w - 12);
      x += w;
    });
    ctx.textAlign = 'left';
    ctx.strokeStyle = '#d0d7de';
    ctx.beginPath();
    ctx.moveTo(PAD_PX, y + LINE_PX / 2);
    ctx.lineTo(width - PAD_PX, y + LINE_PX / 2);
    ctx.stroke();
    y += LINE_PX;
  };
  ctx.fillStyle = '#1b1f24';
  row(text.columns, true);
  for (const m of summary.metrics) {
    row(
      [
        text.labels[m.id] ?? m.label,
        formatCompareValue(m.unit, m.a, text.format),
        formatCompareValue(m.unit, m.b, text.format),
        formatCompareRatio(m, text.format),
      ],
      false,
    );
  }
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))), 'image/png');
  });
}
