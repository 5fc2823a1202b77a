/**
 * The charts on the page now, by spec id, so the export panel can draw one to a PNG without holding uPlot.
 * mountChart registers on mount and unregisters on destroy.
 */
import type { ChartTheme } from './chartTheme';

export interface RegisteredChart {
  title: string;
  /** uPlot's canvas (device pixels). */
  canvas(): HTMLCanvasElement;
  /** Visible series, for the key drawn above the plot in the PNG. */
  keys(): { label: string; color: string }[];
  theme(): ChartTheme;
}

const charts = new Map<string, RegisteredChart>();

export function registerChart(id: string, chart: RegisteredChart): () => void {
  charts.set(id, chart);
  return () => {
    if (charts.get(id) === chart) charts.delete(id);
  };
}

export function registeredChart(id: string): RegisteredChart | null {
  return charts.get(id) ?? null;
}
