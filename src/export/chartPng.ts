/**
 * One chart as a PNG: uPlot's canvas drawn onto the theme's background under a title and a colour key
 * (the page's legend is HTML, so it is redrawn here). Browser canvas only.
 */
import { registeredChart } from '../charts/chartRegistry';

const HEADER_CSS_PX = 52;

export async function chartPngBlob(id: string): Promise<Blob> {
  const chart = registeredChart(id);
  if (!chart) throw new Error(`the ${id} chart is not on the page`);
  const source = chart.canvas();
  const ratio = source.clientWidth > 0 ? source.width / source.clientWidth : window.devicePixelRatio || 1;
  const header = Math.round(HEADER_CSS_PX * ratio);
  const theme = chart.theme();
  const out = document.createElement('canvas');
  out.width = Math.max(1, source.width);
  out.height = source.height + header;
  const ctx = out.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas to draw the PNG');
  ctx.fillStyle = theme.background;
  ctx.fillRect(0, 0, out.width, out.height);
  const pad = 10 * ratio;
  ctx.textBaseline = 'middle';
  ctx.fillStyle = theme.foreground;
  ctx.font = `600 ${15 * ratio}px system-ui, sans-serif`;
  ctx.fillText(chart.title, pad, 14 * ratio);
  ctx.font = `${12 * ratio}px system-ui, sans-serif`;
  let x = pad;
  const keyY = 38 * ratio;
  for (const key of chart.keys()) {
    ctx.fillStyle = key.color;
    ctx.fillRect(x, keyY - 5 * ratio, 10 * ratio, 10 * ratio);
    x += 14 * ratio;
    ctx.fillStyle = theme.foreground;
    ctx.fillText(key.label, x, keyY);
    x += ctx.measureText(key.label).width + 16 * ratio;
  }
  ctx.drawImage(source, 0, header);
  return new Promise((resolve, reject) =>
    out.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the PNG could not be encoded'))),
      'image/png',
    ),
  );
}
