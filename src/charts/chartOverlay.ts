/**
 * What mountChart draws on uPlot's canvas over the series: shaded x ranges (a wash that makes what lies
 * under them read lighter, and their label where it fits), marker lines with their labels in a band
 * above the plot (placed by markerPlacement.ts so none overlaps another), and the empty state's sentence;
 * and the hover rule that lets the legend read a marker's full text. DOM canvas and uPlot only.
 */
import uPlot from 'uplot';
import type { ChartMarker, PreparedChart } from './chartSpec';
import { withAlpha, type ChartTheme } from './chartTheme';
import { placeMarkerLabels } from './markerPlacement';

const MARKER_FONT_PX = 11;
const MARKER_ROW_PX = MARKER_FONT_PX + 4;
/** How close (CSS px) the cursor must come to a marker's line for the legend to show its full text. */
const MARKER_HOVER_PX = 10;

/** `text` cut with an ellipsis to at most `maxPx` wide in `ctx`'s font. */
function fitText(ctx: CanvasRenderingContext2D, text: string, maxPx: number): string {
  if (ctx.measureText(text).width <= maxPx) return text;
  let n = text.length;
  while (n > 1 && ctx.measureText(`${text.slice(0, n)}…`).width > maxPx) n--;
  return `${text.slice(0, n)}…`;
}

/** Height of the band above the plot that holds `rows` rows of marker labels, CSS px. */
export const markerBandPx = (rows: number) => (rows > 0 ? rows * MARKER_ROW_PX + 4 : 0);

/** What the canvas overlay needs from the chart's current state. */
interface OverlayState {
  prepared(): PreparedChart | null;
  theme(): ChartTheme;
  emptyText: string | null;
  /** Rows of labels above the plot (0: markers are lines only). */
  markerRows: number;
}

/** Shaded ranges, marker lines with their placed labels, and the empty state, over uPlot's plot. */
export function overlay(state: OverlayState): uPlot.Plugin {
  return {
    hooks: {
      draw: (u) => {
        const prepared = state.prepared();
        const theme = state.theme();
        const { ctx } = u;
        const { left, top, width, height } = u.bbox;
        const ratio = uPlot.pxRatio;
        ctx.save();
        ctx.font = `${MARKER_FONT_PX * ratio}px system-ui, sans-serif`;
        ctx.textBaseline = 'alphabetic';
        ctx.textAlign = 'left';
        for (const shade of prepared?.shades ?? []) {
          const x0 = Math.max(left, u.valToPos(shade.fromX, 'x', true));
          const x1 = Math.min(left + width, u.valToPos(shade.toX, 'x', true));
          if (!(x1 > x0)) continue;
          // A wash of the background over the series: what lies under it reads lighter.
          ctx.fillStyle = withAlpha(theme.background, 0.6);
          ctx.fillRect(x0, top, x1 - x0, height);
          ctx.fillStyle = withAlpha(theme.muted, 0.12);
          ctx.fillRect(x0, top, x1 - x0, height);
          // The whole label, else its part before a colon ("not timed"), else nothing: never a stub.
          const room = x1 - x0 - 6 * ratio;
          const text = [shade.label, shade.label.split(':')[0]!.trim()].find(
            (t) => ctx.measureText(t).width <= room,
          );
          ctx.fillStyle = theme.muted;
          if (text) ctx.fillText(text, x0 + 3 * ratio, top + height - 4 * ratio);
        }
        const markers = prepared?.markers ?? [];
        if (markers.length) {
          const band = markerBandPx(state.markerRows) * ratio;
          const pxs = markers.map((m) => u.valToPos(m.x, 'x', true));
          const placed = placeMarkerLabels(
            markers.map((m, i) => ({ x: pxs[i]!, width: ctx.measureText(m.label).width })),
            {
              left,
              right: left + width,
              rows: state.markerRows,
              pad: 3 * ratio,
              gap: 8 * ratio,
              minWidth: 28 * ratio,
            },
          );
          ctx.strokeStyle = theme.muted;
          ctx.fillStyle = theme.muted;
          ctx.lineWidth = ratio;
          ctx.setLineDash([4 * ratio, 4 * ratio]);
          markers.forEach((marker, i) => {
            const px = pxs[i]!;
            if (!(px >= left && px <= left + width)) return;
            ctx.beginPath();
            ctx.moveTo(px, top - band);
            ctx.lineTo(px, top + height);
            ctx.stroke();
            const place = placed[i];
            if (!place) return;
            const baseline = top - band + ((place.row + 1) * MARKER_ROW_PX - 3) * ratio;
            ctx.fillText(fitText(ctx, marker.label, place.width), place.left, baseline);
          });
        }
        if (state.emptyText && (!prepared || prepared.data[0].length === 0)) {
          ctx.fillStyle = theme.muted;
          ctx.textAlign = 'center';
          ctx.font = `${12 * ratio}px system-ui, sans-serif`;
          ctx.fillText(fitText(ctx, state.emptyText, width - 12 * ratio), left + width / 2, top + height / 2);
        }
        ctx.restore();
      },
    },
  };
}

/**
 * The legend's x reads the full text of a marker near the cursor; uPlot refreshes the legend only when the
 * hovered point changes, so refresh it when the cursor comes near a marker or leaves it.
 */
export function markerHover(markers: () => readonly ChartMarker[]): uPlot.Plugin {
  let near: ChartMarker | null = null;
  return {
    hooks: {
      setCursor: (u) => {
        const now = markerAtCursor(u, markers());
        if (now === near) return;
        near = now;
        const idx = u.cursor.idx;
        if (idx !== null && idx !== undefined) u.setLegend({ idx }, false);
      },
    },
  };
}

/** The marker whose line is within reach of the cursor, if any. */
export function markerAtCursor(u: uPlot, markers: readonly ChartMarker[]): ChartMarker | null {
  const left = u.cursor.left;
  if (left === undefined || left < 0) return null;
  let best: ChartMarker | null = null;
  let bestPx = MARKER_HOVER_PX;
  for (const m of markers) {
    const d = Math.abs(u.valToPos(m.x, 'x') - left);
    if (d <= bestPx) {
      best = m;
      bestPx = d;
    }
  }
  return best;
}
