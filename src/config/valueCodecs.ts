/**
 * Text codecs for config values in links: strict number syntax, bounds with a note when a value is clamped
 * or snapped, allowlisted choices, 0|1 booleans, short number lists. Each decode returns a value (maybe
 * adjusted, with a coded note) or an error (a problem code: config/problems.ts); none throws. Also the one
 * `echo` that makes raw link text safe to show inside a message (control and bidi characters replaced,
 * length capped). Pure; imports only config/problems.
 */
import { part, type ProblemPart } from './problems';

/** How many characters of a raw value (or key) a problem message may echo. */
export const MAX_ECHO = 40;

/** A value decoded from text: `value` (maybe adjusted, with `note` saying how) or `error` (unusable). */
type Decoded<T> = { value: T; note?: ProblemPart } | { error: ProblemPart };

export type Codec<T> = {
  encode: (value: T) => string;
  decode: (raw: string) => Decoded<T>;
};

export type Bounds = { readonly min: number; readonly max: number };

/** Characters a message must not echo: C0/C1 controls, bidi controls, lone surrogates. */
function unsafeChar(ch: string): boolean {
  const c = ch.codePointAt(0) ?? 0;
  return (
    c < 0x20 ||
    (c >= 0x7f && c <= 0x9f) ||
    c === 0x200e ||
    c === 0x200f ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2066 && c <= 0x2069) ||
    (c >= 0xd800 && c <= 0xdfff)
  );
}

/** Plain text safe to show: unsafe characters replaced by U+FFFD, cut to `max` code points (with `…`). */
export function echo(raw: string, max = MAX_ECHO): string {
  const chars = Array.from(raw.slice(0, 2 * max + 2)); // a code point is at most 2 code units
  const shown = chars
    .slice(0, max)
    .map((ch) => (unsafeChar(ch) ? '\ufffd' : ch))
    .join('');
  return chars.length > max ? `${shown}…` : shown;
}

export const quoted = (raw: string): string => `"${echo(raw)}"`;

/** Strict decimal syntax, exactly what `String(number)` writes and a little more: no hex, no spaces, no `_`. */
const NUMBER_SYNTAX = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

function parseNumber(raw: string): number | null {
  if (raw.length > 64 || !NUMBER_SYNTAX.test(raw)) return null;
  const n = Number(raw);
  if (!Number.isFinite(n)) return null;
  return n === 0 ? 0 : n; // -0 → 0
}

/** Shortest text that reads back to the same double (ECMAScript Number::toString guarantees this). */
const numberText = (n: number): string => String(n);

function clampNote(raw: string, n: number, b: Bounds): Decoded<number> {
  if (n < b.min) return { value: b.min, note: part('belowMin', { raw: quoted(raw), min: b.min }) };
  if (n > b.max) return { value: b.max, note: part('aboveMax', { raw: quoted(raw), max: b.max }) };
  return { value: n };
}

export function intCodec(b: Bounds, multipleOf = 1): Codec<number> {
  return {
    encode: numberText,
    decode(raw) {
      const n = parseNumber(raw);
      if (n === null) return { error: part('notNumber', { raw: quoted(raw) }) };
      if (!Number.isInteger(n)) return { error: part('notWholeNumber', { raw: quoted(raw) }) };
      const clamped = clampNote(raw, n, b);
      if ('error' in clamped || clamped.value % multipleOf === 0) return clamped;
      const snapped = Math.min(b.max, Math.max(b.min, Math.round(clamped.value / multipleOf) * multipleOf));
      return { value: snapped, note: part('notMultiple', { raw: quoted(raw), multiple: multipleOf }) };
    },
  };
}

export function numCodec(b: Bounds): Codec<number> {
  return {
    encode: numberText,
    decode(raw) {
      const n = parseNumber(raw);
      if (n === null) return { error: part('notNumber', { raw: quoted(raw) }) };
      return clampNote(raw, n, b);
    },
  };
}

/** A comma list of 1..maxLength numbers, each clamped to its bounds. */
export function numListCodec(b: Bounds, maxLength: number): Codec<number[]> {
  return {
    encode: (list) => list.map(numberText).join(','),
    decode(raw) {
      const parts = raw.split(',', maxLength + 1);
      if (raw === '' || parts.length > maxLength) {
        return { error: part('listLength', { raw: quoted(raw), max: maxLength }) };
      }
      const values: number[] = [];
      let clampedAny = false;
      for (const item of parts) {
        const n = parseNumber(item);
        if (n === null) return { error: part('notNumberList', { raw: quoted(raw) }) };
        const c = Math.min(b.max, Math.max(b.min, n));
        clampedAny ||= c !== n;
        values.push(c);
      }
      return clampedAny
        ? { value: values, note: part('listOutside', { raw: quoted(raw), min: b.min, max: b.max }) }
        : { value: values };
    },
  };
}

/** One of a fixed list of values, compared as text (works for string enums and for `channels` 1 | 3). */
export function choiceCodec<T extends string | number>(values: readonly T[]): Codec<T> {
  const byText = new Map(values.map((v) => [String(v), v] as const));
  return {
    encode: (v) => String(v),
    decode(raw) {
      const v = byText.get(raw);
      return v === undefined
        ? { error: part('notOneOf', { raw: quoted(raw), choices: [...byText.keys()].join('|') }) }
        : { value: v };
    },
  };
}

export const boolCodec: Codec<boolean> = {
  encode: (v) => (v ? '1' : '0'),
  decode: (raw) =>
    raw === '1'
      ? { value: true }
      : raw === '0'
        ? { value: false }
        : { error: part('notOneOf', { raw: quoted(raw), choices: '0|1' }) },
};
