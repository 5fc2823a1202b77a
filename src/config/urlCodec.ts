/**
 * Shareable links: a TrainConfig ⇄ a location hash such as `#v=1&s=42&px=32&…`, in the spirit of
 * tensorflow/playground's state.ts, but typed and validated. One declarative table (FIELD_CODECS) maps every
 * TrainConfig field to a short stable key and a value codec; one generic loop encodes and decodes.
 *
 * Decoding never throws. Every value is checked on its own (strict numbers, bounds, allowlisted enums), then
 * the cross-field rules of trainConfigSchema are repaired; every change is reported as a Problem: the key and
 * coded parts (config/problems.ts) whose words each language's dictionary holds.
 * Policies:
 * - a missing key takes its default silently (links may be partial or hand-written);
 * - a malformed value falls back to the default; an out-of-range number is clamped to its bound;
 * - unknown keys are ignored and reported (at most MAX_PROBLEMS problems are returned in all);
 * - for a repeated key the first occurrence wins and the repetition is reported;
 * - a missing `v` is read as v=1; another version is reported and read as v=1;
 * - cross-field conflicts are repaired by config/repairConfig.ts (normalizeOn → model, uploadPath → packed,
 *   mean/std → the dataset's statistics for the channel count); a default that only had to follow `ch` is
 *   adapted silently;
 * - `b.<key>` overrides follow the same per-field rules, but an invalid one is dropped rather than defaulted;
 *   B's conflicts with A are reported under `b.<key>` and repaired by applyOverrides;
 * - `sw=` (a sweep) is read by config/sweep.ts's decodeSweep, its values with the fields' own codecs;
 * - `data=files` (the sender's own images) cannot be followed: it is reported and read as synthetic;
 * - whole-link problems use the pseudo-key `#`.
 * Problem parameters never carry more than MAX_ECHO characters of a raw value; a rendered message is capped
 * at MAX_MESSAGE characters.
 * - `lang=` names the interface language (`en`, `zh`); anything else reads as English and is reported.
 * - `sec=` names the Playground's open section (views.ts); anything else opens none and is reported.
 * - `embed=1` shows the view alone, framed in another page (ui/EmbedFrame.tsx); anything but 0|1 reads as 0.
 * (Over 300 lines on purpose: these policies are one algorithm, and reading them in one file is the point.)
 */
import { CONFIG_KEYS, FIELD_TABLE } from './fieldTable';
import { repairConfig, type Repair } from './repairConfig';
import { decodeSweep, encodeSweep, SWEEP_LINK_KEY, type SweepSpec } from './sweep';
import { DEFAULT_CONFIG, trainConfigFields, trainConfigSchema, type TrainConfig } from './trainConfig';
import { FALLBACK_LANG, LANG_LINK_VALUES, LANGS, type Lang } from './languages';
import { part, type ProblemPart } from './problems';
import { boolCodec, echo, quoted } from './valueCodecs';
import { PLAYGROUND_SECTIONS, VIEW_IDS, VIEW_OF_OLD_LINKS, type SectionId, type ViewId } from './views';

/** A link cannot carry the sender's files: it says so, and the run uses the synthetic shapes. */
export const FILES_NOT_IN_LINK: readonly ProblemPart[] = [part('filesNotInLink')];

/**
 * One thing the decoder changed or ignored; `key` is the URL key (`px`, `b.px`, `run`…) or `#` for the link;
 * `parts` say what and what was used instead, in order (words: src/i18n).
 */
export type Problem = { key: string; parts: readonly ProblemPart[] };

export type DecodedHash = {
  /** The view the link names; null when it names none (an old link: the Playground). */
  view: ViewId | null;
  /** The language the link names; null when it names none. A hostile value reads as English. */
  lang: Lang | null;
  /** The Playground section the link opens; null when it names none (or none usable). */
  section: SectionId | null;
  config: TrainConfig;
  problems: Problem[];
  /** Start training as soon as the link opens (`run=1`). */
  run: boolean;
  /** The link asks for a step profile (`prof=1`), under the same guard as `run=1`. */
  profile: boolean;
  /** Short keys of controls to hide (`hide=lr,opt`). */
  hide: string[];
  /** The link asks for the compact frame (`embed=1`). */
  embed: boolean;
  /** null when the link has no `b.` key at all; otherwise the valid overrides (possibly none). */
  overridesB: Partial<TrainConfig> | null;
  /** The sweep the link names (`sw=`); null when it names none or none usable. */
  sweep: SweepSpec | null;
};

/** What a hash carries besides the config, each optional; `b` is B's overrides (`b.<key>=…`). */
export type HashExtras = Partial<Omit<DecodedHash, 'config' | 'problems' | 'overridesB'>> & {
  b?: Partial<TrainConfig>;
};

/** Longer hashes are rejected whole: defaults and one problem. */
export const MAX_HASH_LENGTH = 4096;
/** The most problems one decode returns; the last one then says how many more were dropped. */
export const MAX_PROBLEMS = 24;
/** Hard cap on a problem message's length, in any language (the renderer cuts it). */
export const MAX_MESSAGE = 100;

const HASH_VERSION = 1;
/** `embed=1`: exported for the embed snippet (config/shareLink.ts), which adds it to a share link. */
export const EMBED_KEY = 'embed';
/** The keys that are not a field's (`b.` keys aside). */
const KEY = {
  version: 'v',
  run: 'run',
  view: 'view',
  lang: 'lang',
  section: 'sec',
  profile: 'prof',
  hide: 'hide',
  embed: EMBED_KEY,
  sweep: SWEEP_LINK_KEY,
} as const;
const EXTRA_KEYS: ReadonlySet<string> = new Set(Object.values(KEY));
const B_PREFIX = 'b.';
/** What `view=`, `lang=` and `sec=` accept: link text → value (Maps, like FIELD_BY_KEY below). */
const VIEW_BY_TEXT: ReadonlyMap<string, ViewId> = new Map(VIEW_IDS.map((v) => [v, v]));
const LANG_BY_TEXT: ReadonlyMap<string, Lang> = new Map(LANGS.map((l) => [LANG_LINK_VALUES[l], l]));
const SECTION_BY_TEXT: ReadonlyMap<string, SectionId> = new Map(PLAYGROUND_SECTIONS.map((s) => [s, s]));

// ---------------------------------------------------------------------------------------------------------
// Keys

/** Field → short key, e.g. `imageSizePx → 'px'`. */
export const URL_KEYS = Object.fromEntries(CONFIG_KEYS.map((f) => [f, FIELD_TABLE[f].linkKey])) as Readonly<
  Record<keyof TrainConfig, string>
>;

/** Short key → field; a Map so that keys such as `__proto__` or `constructor` can never match. */
const FIELD_BY_KEY: ReadonlyMap<string, keyof TrainConfig> = new Map(
  CONFIG_KEYS.map((f) => [URL_KEYS[f], f]),
);

/** The short keys `hide` accepts. */
export const SHORT_KEYS: readonly string[] = Object.freeze(CONFIG_KEYS.map((f) => URL_KEYS[f]));

// ---------------------------------------------------------------------------------------------------------
// Encoding

/** URLSearchParams-compatible component encoding that keeps commas readable (`mean=120,120,120`). */
const encodeComponent = (text: string): string => encodeURIComponent(text).replace(/%2C/gi, ',');

function encodeField<K extends keyof TrainConfig>(f: K, value: TrainConfig[K]): string {
  return FIELD_TABLE[f].codec.encode(value);
}

/**
 * The hash for `config` (with leading `#`): `v=1`, `view` if given, every field in table order, then `b.*`
 * overrides in table order, `hide`, and `run=1` / `prof=1` if asked. Unknown `hide` entries are dropped.
 */
export function encodeConfigToHash(config: TrainConfig, extras: HashExtras = {}): string {
  const pairs = encodeHashHead(extras.view ?? null, extras.lang ?? null);
  pairs.push(...encodeFieldPairs(config));
  if (extras.b) pairs.push(...encodeFieldPairs(extras.b, B_PREFIX));
  const hide = SHORT_KEYS.filter((k) => extras.hide?.includes(k));
  if (hide.length > 0) pairs.push(`${KEY.hide}=${hide.join(',')}`);
  if (extras.section) pairs.push(`${KEY.section}=${extras.section}`);
  if (extras.sweep)
    pairs.push(`${KEY.sweep}=${encodeComponent(encodeSweep(extras.sweep)).replace(/%3A/gi, ':')}`);
  if (extras.run) pairs.push(`${KEY.run}=1`);
  if (extras.profile) pairs.push(`${KEY.profile}=1`);
  if (extras.embed) pairs.push(`${KEY.embed}=1`);
  return `#${pairs.join('&')}`;
}

/** `key=value` for each field `patch` sets, in table order, each key after `prefix` (`b.` for B). */
export function encodeFieldPairs(patch: Partial<TrainConfig>, prefix = ''): string[] {
  return CONFIG_KEYS.flatMap((f) => {
    const v = patch[f];
    return v === undefined ? [] : [`${prefix}${URL_KEYS[f]}=${encodeComponent(encodeField(f, v))}`];
  });
}

/** The hash's fixed head: `v=1`, then `view=` and `lang=` when given. */
export function encodeHashHead(view: ViewId | null, lang: Lang | null): string[] {
  const pairs = [`${KEY.version}=${HASH_VERSION}`];
  if (view) pairs.push(`${KEY.view}=${view}`);
  if (lang) pairs.push(`${KEY.lang}=${LANG_LINK_VALUES[lang]}`);
  return pairs;
}

// ---------------------------------------------------------------------------------------------------------
// Overrides

const copyConfig = (c: TrainConfig): TrainConfig => ({
  ...c,
  mean255: [...c.mean255],
  std255: [...c.std255],
});

/** `a` with `overrides` applied: override values invalid on their own are ignored, cross-field rules repaired. */
export function applyOverrides(a: TrainConfig, overrides: Partial<TrainConfig>): TrainConfig {
  return applyOverridesReporting(a, overrides).config;
}

function applyOverridesReporting(
  a: TrainConfig,
  overrides: Partial<TrainConfig>,
): { config: TrainConfig; repairs: Repair[] } {
  const merged = copyConfig(a);
  for (const f of CONFIG_KEYS) setIfValid(merged, f, overrides[f]);
  const repaired = repairConfig(merged);
  return trainConfigSchema.safeParse(repaired.config).success
    ? repaired
    : { config: copyConfig(DEFAULT_CONFIG), repairs: [] };
}

/** Sets field `f` to `value` when it is valid on its own (per-field schema, no cross-field rules). */
function setIfValid<K extends keyof TrainConfig>(
  target: TrainConfig,
  f: K,
  value: TrainConfig[K] | undefined,
): void {
  if (value === undefined || !trainConfigFields.shape[f].safeParse(value).success) return;
  target[f] = (Array.isArray(value) ? [...value] : value) as TrainConfig[K];
}

// ---------------------------------------------------------------------------------------------------------
// Decoding

/** Collects problems, at most MAX_PROBLEMS; field problems are listed before link-level ones. */
class ProblemList {
  private readonly first: Problem[] = [];
  private readonly later: Problem[] = [];
  add(key: string, parts: readonly ProblemPart[], late = false): void {
    (late ? this.later : this.first).push({ key: echo(key), parts });
  }
  list(): Problem[] {
    const all = [...this.first, ...this.later];
    if (all.length <= MAX_PROBLEMS) return all;
    const kept = all.slice(0, MAX_PROBLEMS - 1);
    kept.push({ key: '#', parts: [part('moreProblems', { count: all.length - kept.length })] });
    return kept;
  }
}

/** URLSearchParams-style component decoding (`+` is a space) that reports failure instead of throwing. */
function decodeComponent(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** Splits `a=1&b=2` into the first value of each key; reports undecodable pairs and repeated keys. */
function readPairs(body: string, problems: ProblemList): Map<string, string | null> {
  const values = new Map<string, string | null>();
  const repeated = new Set<string>();
  for (const pair of body.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1);
    const key = decodeComponent(rawKey);
    if (key === null) {
      problems.add(rawKey, [part('badKeyEncoding'), part('ignored')], true);
      continue;
    }
    if (values.has(key)) {
      if (!repeated.has(key)) problems.add(key, [part('keyRepeated')], true);
      repeated.add(key);
      continue;
    }
    values.set(key, decodeComponent(rawValue)); // null: value not decodable, reported by its reader
  }
  return values;
}

/** Reads field `f` from `raw` (null = undecodable text) into `target`; an unusable value takes `fallback`. */
function decodeInto<K extends keyof TrainConfig>(
  f: K,
  raw: string | null,
  key: string,
  target: Partial<TrainConfig>,
  fallback: TrainConfig[K] | null,
  problems: ProblemList,
): void {
  const read = raw === null ? { error: part('badValueEncoding') } : FIELD_TABLE[f].codec.decode(raw);
  if ('error' in read) {
    problems.add(key, [
      read.error,
      fallback === null ? part('ignored') : part('usingValue', { value: encodeField(f, fallback) }),
    ]);
    if (fallback !== null) target[f] = fallback;
    return;
  }
  target[f] = read.value;
  if (read.note !== undefined) {
    problems.add(key, [read.note, part('usingValue', { value: encodeField(f, read.value) })]);
  }
}

/** The fields the link names under `prefix` (`b.` for B), each decoded into `patch` (else `fallback`'s). */
function readFields(
  pairs: Map<string, string | null>,
  prefix: string,
  fallback: Partial<TrainConfig>,
  problems: ProblemList,
): { patch: Partial<TrainConfig>; present: Set<keyof TrainConfig> } {
  const patch: Partial<TrainConfig> = {};
  const present = new Set<keyof TrainConfig>();
  for (const f of CONFIG_KEYS) {
    const key = prefix + URL_KEYS[f];
    if (!pairs.has(key)) continue;
    present.add(f);
    decodeInto(f, pairs.get(key) ?? null, key, patch, fallback[f] ?? null, problems);
  }
  return { patch, present };
}

function emptyResult(problems: Problem[]): DecodedHash {
  return {
    config: copyConfig(DEFAULT_CONFIG),
    problems,
    view: null,
    lang: null,
    section: null,
    run: false,
    profile: false,
    hide: [],
    embed: false,
    overridesB: null,
    sweep: null,
  };
}

/**
 * Reads a location hash (with or without the leading `#`) into a valid config plus what had to change.
 * Never throws; the returned config always passes `trainConfigSchema.parse`. See the module comment for the
 * policies.
 */
export function decodeHash(hash: string): DecodedHash {
  try {
    return decodeHashStrict(typeof hash === 'string' ? hash : '');
  } catch {
    // Not expected to happen; the promise "never throws" should not rest on that.
    return emptyResult([{ key: '#', parts: [UNREADABLE_LINK] }]);
  }
}

/** The one problem decodeHash reports when its decoder threw (a bug): tests assert it never appears. */
export const UNREADABLE_LINK: ProblemPart = part('unreadableLink');

/**
 * decodeHash without its safety net: a bug throws here instead of falling back to the defaults, so the
 * property tests can see it. The app calls decodeHash.
 */
export function decodeHashStrict(hash: string): DecodedHash {
  if (hash.length > MAX_HASH_LENGTH) {
    return emptyResult([
      { key: '#', parts: [part('linkTooLong', { length: hash.length, max: MAX_HASH_LENGTH })] },
    ]);
  }
  const problems = new ProblemList();
  const pairs = readPairs(hash.startsWith('#') ? hash.slice(1) : hash, problems);

  const version = pairs.get(KEY.version);
  if (version !== undefined && version !== String(HASH_VERSION)) {
    problems.add(
      KEY.version,
      [part('unknownVersion', { raw: quoted(version ?? ''), version: HASH_VERSION })],
      true,
    );
  }

  // Configuration A: every field, defaults for the missing ones.
  const { patch: a, present: presentA } = readFields(pairs, '', DEFAULT_CONFIG, problems);
  const merged = copyConfig({ ...DEFAULT_CONFIG, ...a });
  if (merged.dataSource === 'files') {
    merged.dataSource = 'synthetic';
    problems.add(URL_KEYS.dataSource, FILES_NOT_IN_LINK);
  }
  const repairedA = repairConfig(merged);
  for (const fix of repairedA.repairs) {
    // A default adapted to the channel count was not the link's doing: adapt it silently.
    if (presentA.has(fix.field)) problems.add(URL_KEYS[fix.field], [fix.note]);
  }
  let config = repairedA.config;
  if (!trainConfigSchema.safeParse(config).success) {
    problems.add('#', [part('unrepairable')]);
    config = copyConfig(DEFAULT_CONFIG);
  }

  // Configuration B: only the fields the link names, with the same rules; invalid ones are dropped.
  const { patch: b, present: presentB } = readFields(pairs, B_PREFIX, {}, problems);
  let overridesB = presentB.size > 0 ? b : null;
  if (overridesB?.dataSource === 'files') {
    delete overridesB.dataSource;
    if (Object.keys(overridesB).length === 0) overridesB = null;
    problems.add(B_PREFIX + URL_KEYS.dataSource, FILES_NOT_IN_LINK);
  }
  if (overridesB !== null) {
    for (const fix of applyOverridesReporting(config, overridesB).repairs) {
      const isStat = fix.field === 'mean255' || fix.field === 'std255';
      if (!isStat || presentB.has(fix.field)) problems.add(B_PREFIX + URL_KEYS[fix.field], [fix.note]);
    }
  }

  // Extras.
  const view = readChoice(pairs, KEY.view, VIEW_BY_TEXT, VIEW_OF_OLD_LINKS, problems);
  const lang = readChoice(pairs, KEY.lang, LANG_BY_TEXT, LANG_LINK_VALUES[FALLBACK_LANG], problems);
  const section = readChoice(pairs, KEY.section, SECTION_BY_TEXT, null, problems);
  const run = readFlag(pairs, KEY.run, part('notRunning'), problems);
  const profile = readFlag(pairs, KEY.profile, part('noProfile'), problems);
  const embed = readFlag(pairs, KEY.embed, part('usingValue', { value: '0' }), problems);
  const rawHide = pairs.get(KEY.hide); // undefined: absent; null: undecodable
  const asked = rawHide ? rawHide.split(',') : [];
  const hide = SHORT_KEYS.filter((k) => asked.includes(k));
  const ignored = asked.filter((k) => !FIELD_BY_KEY.has(k));
  if (rawHide === null || ignored.length > 0) {
    problems.add(KEY.hide, [part('unknownHideKeys', { raw: quoted(ignored.join(',')) })]);
  }

  let sweep: SweepSpec | null = null;
  if (pairs.has(KEY.sweep)) {
    const raw = pairs.get(KEY.sweep) ?? null;
    const read =
      raw === null
        ? { spec: null, problems: [[part('badValueEncoding'), part('noSweep')]] }
        : decodeSweep(raw);
    sweep = read.spec;
    for (const parts of read.problems) problems.add(KEY.sweep, parts);
  }

  // Unknown keys: ignored, reported.
  for (const key of pairs.keys()) {
    const known =
      EXTRA_KEYS.has(key) ||
      FIELD_BY_KEY.has(key) ||
      (key.startsWith(B_PREFIX) && FIELD_BY_KEY.has(key.slice(B_PREFIX.length)));
    if (!known) problems.add(key, [part('unknownKey'), part('ignored')], true);
  }

  return {
    config,
    problems: problems.list(),
    view,
    lang,
    section,
    run,
    profile,
    hide,
    embed,
    overridesB,
    sweep,
  };
}

/**
 * A `key=` naming one of `choices` (link text → value); absent: null. Anything else is reported and reads as
 * the choice whose text is `fallback`, or as null when `fallback` is null.
 */
function readChoice<T>(
  pairs: Map<string, string | null>,
  key: string,
  choices: ReadonlyMap<string, T>,
  fallback: string | null,
  problems: ProblemList,
): T | null {
  if (!pairs.has(key)) return null;
  const raw = pairs.get(key) ?? null;
  const value = raw === null ? undefined : choices.get(raw);
  if (value !== undefined) return value;
  problems.add(key, [
    part('notOneOf', { raw: quoted(raw ?? ''), choices: [...choices.keys()].join('|') }),
    fallback === null ? part('ignored') : part('usingValue', { value: fallback }),
  ]);
  return fallback === null ? null : (choices.get(fallback) ?? null);
}

/** A `0|1` flag (`run=1`): true only for `1`; anything but `0` or `1` is reported with `otherwise`. */
function readFlag(
  pairs: Map<string, string | null>,
  key: string,
  otherwise: ProblemPart,
  problems: ProblemList,
): boolean {
  if (!pairs.has(key)) return false;
  const read = boolCodec.decode(pairs.get(key) ?? '');
  if ('error' in read) problems.add(key, [read.error, otherwise]);
  return 'value' in read && read.value;
}
