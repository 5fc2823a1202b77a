/**
 * A sweep: one setting of the experiment and the values it takes, each value trained as its own point
 * (src/app/sweeps/sweepRunner.ts). Owns the settings a sweep may vary, its link key (`sw=b:1,2,4`,
 * `sw=px:auto`) with the same per-value codecs, bounds and clamping as the field itself (fieldTable.ts),
 * "auto" (double from the setting's smallest value until the pre-flight refuses), each point's config, and
 * the presets. Decoding never throws: hostile text is refused or clamped with a coded problem.
 * Pure; imports only config.
 */
import { FIELD_TABLE } from './fieldTable';
import { runPreflight } from './preflight';
import { repairConfig } from './repairConfig';
import { timingRuleFor, type TimingRule } from './stableTiming';
import type { BackendInfo } from './backendInfo';
import { LIMITS, type TrainConfig } from './trainConfig';
import { part, type ProblemPart } from './problems';
import { quoted } from './valueCodecs';

/** The settings a sweep may vary, in the order the picker lists them. */
export const SWEEP_SETTINGS = [
  'batchSize',
  'imageSizePx',
  'baseWidth',
  'depth',
  'imageDtype',
  'maskDtype',
  'optimizer',
  'workers',
  'microBatches',
  'recompute',
] as const;
export type SweepSetting = (typeof SWEEP_SETTINGS)[number];

/** Settings whose values double under "auto", from the smallest the field allows. */
const AUTO_SETTINGS = ['batchSize', 'imageSizePx', 'baseWidth'] as const satisfies readonly SweepSetting[];
export type AutoSetting = (typeof AUTO_SETTINGS)[number];

/** A value of a swept setting: a number (batch, px, width, depth, workers) or a choice (dtype, optimizer). */
export type SweepValue = TrainConfig[SweepSetting];

export interface SweepSpec {
  setting: SweepSetting;
  /** The values in order, or "auto": doubling until the pre-flight refuses (AUTO_SETTINGS only). */
  values: readonly SweepValue[] | 'auto';
}

/** Most points one sweep trains (each takes ~10 s on a software adapter). */
export const MAX_SWEEP_POINTS = 10;
/** The link key of a sweep. */
export const SWEEP_LINK_KEY = 'sw';
const AUTO_TEXT = 'auto';

const isAutoSetting = (s: SweepSetting): s is AutoSetting => (AUTO_SETTINGS as readonly string[]).includes(s);

/** The setting whose link key is `key` (`b` → batchSize); a Map lookup, so `__proto__` never matches. */
const SETTING_BY_KEY: ReadonlyMap<string, SweepSetting> = new Map(
  SWEEP_SETTINGS.map((s) => [FIELD_TABLE[s].linkKey, s]),
);

function encodeValue(setting: SweepSetting, value: SweepValue): string {
  return (FIELD_TABLE[setting].codec.encode as (v: SweepValue) => string)(value);
}

/** `b:1,2,4` or `px:auto`: the link value of a sweep (the caller percent-encodes it). */
export function encodeSweep(spec: SweepSpec): string {
  const key = FIELD_TABLE[spec.setting].linkKey;
  const values =
    spec.values === 'auto' ? AUTO_TEXT : spec.values.map((v) => encodeValue(spec.setting, v)).join(',');
  return `${key}:${values}`;
}

export interface DecodedSweep {
  /** null when the text names no usable sweep. */
  spec: SweepSpec | null;
  /** What was refused, clamped or dropped: one problem per entry, as coded parts (config/problems.ts). */
  problems: (readonly ProblemPart[])[];
}

/**
 * Reads a sweep's link value. Refused whole (spec null, one problem): no `:`, an unknown setting, "auto"
 * for a setting that cannot double, or no usable value. Otherwise each value goes through the field's
 * own codec: clamped or snapped with a note, or dropped when unreadable; repeats are dropped; more than
 * MAX_SWEEP_POINTS values are cut; numbers are put in ascending order, so the curve reads left to right.
 */
export function decodeSweep(raw: string): DecodedSweep {
  const colon = raw.indexOf(':');
  if (colon < 0) return refuse(part('sweepSyntax', { raw: quoted(raw) }));
  const key = raw.slice(0, colon);
  const setting = SETTING_BY_KEY.get(key);
  if (setting === undefined) {
    return refuse(part('sweepSetting', { raw: quoted(key), keys: [...SETTING_BY_KEY.keys()].join('|') }));
  }
  const body = raw.slice(colon + 1);
  if (body === AUTO_TEXT) {
    return isAutoSetting(setting)
      ? { spec: { setting, values: 'auto' }, problems: [] }
      : refuse(
          part('sweepAutoOnly', { keys: AUTO_SETTINGS.map((s) => FIELD_TABLE[s].linkKey).join('|'), key }),
        );
  }
  const problems: (readonly ProblemPart[])[] = [];
  // Read at most one part past the cap, so a hostile list costs no more than a short one.
  const parts = body.split(',', MAX_SWEEP_POINTS + 1);
  if (parts.length > MAX_SWEEP_POINTS) {
    problems.push([part('sweepTooMany', { max: MAX_SWEEP_POINTS })]);
    parts.length = MAX_SWEEP_POINTS;
  }
  const values: SweepValue[] = [];
  const codec = FIELD_TABLE[setting].codec as {
    decode(raw: string): { value: SweepValue; note?: ProblemPart } | { error: ProblemPart };
  };
  for (const text of parts) {
    const read = codec.decode(text);
    if ('error' in read) {
      problems.push([read.error, part('dropped')]);
      continue;
    }
    if (read.note !== undefined)
      problems.push([read.note, part('usingValue', { value: encodeValue(setting, read.value) })]);
    if (values.includes(read.value)) {
      problems.push([part('repeatedOnce', { value: encodeValue(setting, read.value) })]);
      continue;
    }
    values.push(read.value);
  }
  if (values.length === 0)
    return { spec: null, problems: [...problems, [part('noUsableValue'), part('noSweep')]] };
  // Numbers (batch, px, width, depth, workers, micro-batches) in order; choices (dtypes, optimizer…) as given.
  if (typeof values[0] === 'number') (values as number[]).sort((a, b) => a - b);
  return { spec: { setting, values }, problems };
}

function refuse(problem: ProblemPart): DecodedSweep {
  return { spec: null, problems: [[problem, part('noSweep')]] };
}

/** The config of one point: `base` with the swept setting set to `value`, cross-field rules repaired. */
export function sweepPointConfig(base: TrainConfig, setting: SweepSetting, value: SweepValue): TrainConfig {
  return repairConfig({ ...base, [setting]: value } as TrainConfig, setting).config;
}

/**
 * "auto": the setting doubles from its smallest value while the pre-flight lets the point run on the
 * device `info` describes; the first value it refuses ends the list (and is kept, so the sweep shows where
 * the device stops). At most MAX_SWEEP_POINTS values, never past the field's bound.
 */
export function autoSweepValues(setting: AutoSetting, base: TrainConfig, info: BackendInfo): number[] {
  const values: number[] = [];
  // From the field's lower bound (image sizes are multiples of 8 from 16).
  for (let v = LIMITS[setting].min; v <= LIMITS[setting].max && values.length < MAX_SWEEP_POINTS; v *= 2) {
    values.push(v);
    if (runPreflight(sweepPointConfig(base, setting, v), info).verdict === 'refused') break;
  }
  return values;
}

/** The values a sweep trains on the device `info` describes: its list, or auto's doubling. */
export function sweepValues(spec: SweepSpec, base: TrainConfig, info: BackendInfo): SweepValue[] {
  if (spec.values !== 'auto') return [...spec.values];
  return isAutoSetting(spec.setting) ? autoSweepValues(spec.setting, base, info) : [];
}

/**
 * The timing rule of a point: the lessons' rule for its config. In the test build only, with
 * `?testHooks=1` in the page's search string (never the hash a shared link carries), `sweepMaxSteps=N`
 * (N ≥ 3, at most the rule's own cap) caps its steps, so an e2e sweep stays short on a software adapter.
 * A plain build has no such cap: the branch and testStepCap are left out of its bundle.
 */
export function sweepTimingRule(config: TrainConfig, search: string): TimingRule {
  const rule = timingRuleFor(config);
  return import.meta.env.VITE_TEST_HOOKS ? testStepCap(rule, search) : rule;
}

function testStepCap(rule: TimingRule, search: string): TimingRule {
  const params = new URLSearchParams(search);
  if (params.get('testHooks') !== '1') return rule;
  const cap = Number(params.get('sweepMaxSteps'));
  return Number.isInteger(cap) && cap >= 3 && cap < rule.maxSteps ? { ...rule, maxSteps: cap } : rule;
}

/** A value as the figures name it: `batch 8`, `32 px`, `uint8`. */
export function sweepValueLabel(setting: SweepSetting, value: SweepValue): string {
  switch (setting) {
    case 'batchSize':
      return `batch ${value}`;
    case 'imageSizePx':
      return `${value} px`;
    case 'baseWidth':
      return `width ${value}`;
    case 'depth':
      return `depth ${value}`;
    case 'workers':
      return `${value} worker${value === 1 ? '' : 's'}`;
    default:
      return String(value);
  }
}

export interface SweepPreset {
  /** Stable id; its label and one sentence on what the curve teaches are the dictionary's `sweeps.presetsText.<id>`. */
  id: string;
  spec: SweepSpec;
  /** Settings the preset fixes besides the swept one (small enough for a software adapter). */
  config: Partial<TrainConfig>;
}

export const SWEEP_PRESETS: readonly SweepPreset[] = [
  {
    id: 'batch',
    spec: { setting: 'batchSize', values: [1, 2, 4, 8] },
    config: { imageSizePx: 32 },
  },
  {
    id: 'image',
    spec: { setting: 'imageSizePx', values: [16, 24, 32, 48] },
    config: { batchSize: 2 },
  },
  {
    id: 'micro',
    spec: { setting: 'microBatches', values: [1, 2, 4] },
    config: { imageSizePx: 32, batchSize: 8 },
  },
];

/** What Run runs before a sweep is chosen (the form shows it): the first preset's values, on the config as it is. */
export const DEFAULT_SWEEP: SweepSpec = SWEEP_PRESETS[0]!.spec;
