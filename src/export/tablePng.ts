/**
 * A table as a PNG, to paste into a lesson: a title, a few subtitle lines and rows of cells already worded
 * by the page, drawn with fillText on a canvas (no DOM snapshot, no external fonts). The first row is the
 * header (bold); the first column is left-aligned, the rest right-aligned.
 */

export interface TablePngText {
  title: string;
  /** One line each, e.g. "A: uint8 images, normalize in model (webgpu)". */
  subtitles: string[];
  /** The header row, then one row per line of the table, as the page words them. */
  rows: readonly (readonly string[])[];
}

const FONT_PX = 14;
const LINE_PX = 24;
const PAD_PX = 16;
const COLUMN_PX = [330, 150, 150, 90] as const;

/** Draws the table and encodes it as PNG. Rejects if the canvas cannot encode. */
export function tablePng(text: TablePngText): Promise<Blob> {
  const width = PAD_PX * 2 + COLUMN_PX.reduce((sum, w) => sum + w, 0);
  const headerLines = 1 + text.subtitles.length;
  const height = PAD_PX * 2 + LINE_PX * (headerLines + 0.5 + text.rows.length);
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
  text.rows.forEach((cells, i) => row(cells, i === 0));
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))), 'image/png');
  });
}
