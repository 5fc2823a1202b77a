/**
 * Chart colours read from the page's CSS custom properties (styles.css defines light and dark values
 * under prefers-color-scheme), so canvases follow the system theme like the rest of the page.
 */
import type { ChartColorVar } from './chartSpec';

export interface ChartTheme {
  colors: Record<ChartColorVar, string>;
  /** Page background and text, for exported PNGs. */
  background: string;
  foreground: string;
  /** Axis values and labels, markers. */
  muted: string;
  grid: string;
}

const FALLBACK: ChartTheme = {
  colors: {
    '--chart-1': '#0969da',
    '--chart-2': '#cf222e',
    '--chart-3': '#1a7f37',
    '--chart-4': '#9a6700',
    '--chart-5': '#8250df',
    '--chart-6': '#bc4c00',
  },
  background: '#ffffff',
  foreground: '#1b1f24',
  muted: '#57606a',
  grid: 'rgba(128, 128, 128, 0.2)',
};

export function readChartTheme(root: Element = document.documentElement): ChartTheme {
  const style = getComputedStyle(root);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const colors = { ...FALLBACK.colors };
  for (const name of Object.keys(colors) as ChartColorVar[]) colors[name] = read(name, FALLBACK.colors[name]);
  return {
    colors,
    background: read('--bg', FALLBACK.background),
    foreground: read('--fg', FALLBACK.foreground),
    muted: read('--muted', FALLBACK.muted),
    grid: read('--chart-grid', FALLBACK.grid),
  };
}

/** '#rrggbb' or '#rgb' → 'rgba(r, g, b, alpha)'; any other colour string is returned unchanged. */
export function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return color;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}
