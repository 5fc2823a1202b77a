/**
 * What a Start changed, as a chart marker's text: short on the plot ("loader workers 0→2",
 * "new model: seed 42→7", at most two changes then "+N"), in full for the legend. Settings come from the
 * field table (config/fieldTable.ts: which differ, their labels and roles); the ones that define the model
 * come first, those that only steer the loop last. Pure.
 */
import { changedKeys, FIELD_TABLE, type FieldRole } from '../config/fieldTable';
import type { TrainConfig } from '../config/trainConfig';
import type { RunStartInfo } from './telemetryHistory';

/** Changes named on the plot; the rest are counted ("+2"). */
export const MARKER_CHANGES_SHOWN = 2;

const ROLE_ORDER: readonly FieldRole[] = ['model', 'data', 'loader', 'device', 'loop'];

type Key = keyof TrainConfig;

/**
 * The field table's label, short, in running text: without its unit in brackets and without its form
 * group's name in front ("Image size (px)" → "image size", "Loader workers" → "workers").
 */
export function shortFieldName(key: Key): string {
  const { label: full, group } = FIELD_TABLE[key];
  const label = full.replace(/\s*\([^)]*\)\s*$/, '').replace(new RegExp(`^${group}\\s+`, 'i'), '');
  // Lower-case a leading capital unless the word is an acronym ("U-Net" stays).
  return /^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;
}

export function formatFieldValue(value: TrainConfig[Key]): string {
  if (typeof value === 'boolean') return value ? 'on' : 'off';
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
  previous: TrainConfig | null,
  next: TrainConfig,
  start: { newModel: boolean; fromStep: number },
): RunStartInfo {
  const changes = previous ? changesByRole(previous, next) : [];
  const change = (k: Key, arrow: string, name: (k: Key) => string) =>
    `${name(k)} ${formatFieldValue(previous![k])}${arrow}${formatFieldValue(next[k])}`;
  const shown = changes.slice(0, MARKER_CHANGES_SHOWN).map((k) => change(k, '→', shortFieldName));
  const more = changes.length > shown.length ? ` +${changes.length - shown.length}` : '';
  const named = shown.length ? `${shown.join(', ')}${more}` : '';
  const label = start.newModel ? (named ? `new model: ${named}` : 'new model') : named || 'resumed';
  const full = changes.map((k) => change(k, ' → ', (key) => FIELD_TABLE[key].label));
  const what = start.newModel
    ? 'New model (weights from the seed)'
    : `Continues the trained model from its step ${start.fromStep}`;
  const detail = `${what}: ${full.length ? full.join('; ') : 'no setting changed'}`;
  return { newModel: start.newModel, fromStep: start.fromStep, label, detail };
}
