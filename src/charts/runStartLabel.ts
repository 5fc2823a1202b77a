/**
 * What a Start changed, as a chart marker's text: short on the plot ("loader workers 0→2",
 * "new model: seed 42→7", at most two changes then "+N"), in full for the legend. Settings come from the
 * field table (config/fieldTable.ts: which differ, their labels and roles); the ones that define the model
 * come first, those that only steer the loop last. Worded in the dictionary passed in (the page's language
 * when the run starts). Pure.
 */
import { changedKeys, FIELD_TABLE, type FieldRole } from '../config/fieldTable';
import { fill } from '../i18n/fill';
import type { Dictionary } from '../i18n/types';
import type { TrainConfig } from '../config/trainConfig';
import type { RunStartInfo } from './telemetryHistory';

/** Changes named on the plot; the rest are counted ("+2"). */
const MARKER_CHANGES_SHOWN = 2;

const ROLE_ORDER: readonly FieldRole[] = ['model', 'data', 'loader', 'device', 'loop'];

type Key = keyof TrainConfig;

function formatFieldValue(t: Dictionary, value: TrainConfig[Key]): string {
  if (typeof value === 'boolean') return value ? t.charts.runStart.on : t.charts.runStart.off;
  if (Array.isArray(value)) return value.join('/');
  return String(value);
}

/** The settings that differ, model-defining ones first, then data, loader, device, loop (link order within). */
export function changesByRole(previous: TrainConfig, next: TrainConfig): Key[] {
  const rank = (k: Key) => ROLE_ORDER.indexOf(FIELD_TABLE[k].role);
  return changedKeys(previous, next)
    .map((k, i) => ({ k, i }))
    .sort((a, b) => rank(a.k) - rank(b.k) || a.i - b.i)
    .map(({ k }) => k);
}

export function describeRunStart(
  t: Dictionary,
  previous: TrainConfig | null,
  next: TrainConfig,
  start: { newModel: boolean; fromStep: number },
): RunStartInfo {
  const w = t.charts.runStart;
  const changes = previous ? changesByRole(previous, next) : [];
  const change = (k: Key, arrow: string, name: string) =>
    `${name} ${formatFieldValue(t, previous![k])}${arrow}${formatFieldValue(t, next[k])}`;
  // On the plot a setting goes by its short name ("Image size (px)" → "image size"), in full in the legend.
  const shown = changes.slice(0, MARKER_CHANGES_SHOWN).map((k) => change(k, '→', t.fields.settings[k].short));
  const more = changes.length > shown.length ? ` +${changes.length - shown.length}` : '';
  const named = shown.length ? `${shown.join(w.listSeparator)}${more}` : '';
  const label = start.newModel
    ? named
      ? fill(w.newModelWith, { changes: named })
      : w.newModel
    : named || w.resumed;
  const full = changes.map((k) => change(k, ' → ', t.fields.settings[k].label));
  const what = start.newModel ? w.newModelDetail : fill(w.continues, { step: start.fromStep });
  const detail = fill(w.detail, { what, changes: full.length ? full.join(w.fullSeparator) : w.noChange });
  return { newModel: start.newModel, fromStep: start.fromStep, label, detail };
}
