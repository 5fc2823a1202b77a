/**
 * Python literals built from checked values, the only things the script template accepts: integers and
 * floats within bounds, booleans, lists of floats, and strings drawn from a closed list of safe words.
 * Nothing else can become a `PythonLiteral`, so no config value can close a literal and add code.
 * Each builder throws a plain-text error naming the setting. Pure.
 */

declare const pythonLiteralBrand: unique symbol;
/** Source text of one Python literal, produced only by the builders below. */
export type PythonLiteral = string & { readonly [pythonLiteralBrand]: true };

export interface Bounds {
  min: number;
  max: number;
}

const brand = (text: string) => text as PythonLiteral;

function fail(what: string, value: unknown, rule: string): never {
  const shown = typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : String(value);
  throw new Error(`${what}: ${shown} is not ${rule}`);
}

/** An integer in [min, max]: `42`. */
export function pyInt(value: unknown, what: string, bounds: Bounds): PythonLiteral {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) fail(what, value, 'an integer');
  if (value < bounds.min || value > bounds.max) fail(what, value, `within ${bounds.min}–${bounds.max}`);
  return brand(String(value));
}

/** JavaScript's shortest round-trip text of a finite double, which Python parses to the same double. */
const FLOAT_TEXT = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/;

/** A finite float in [min, max]: `0.01`, `1e-7`, `2.0` (always a float in Python, never an int). */
export function pyFloat(value: unknown, what: string, bounds: Bounds): PythonLiteral {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(what, value, 'a finite number');
  if (value < bounds.min || value > bounds.max) fail(what, value, `within ${bounds.min}–${bounds.max}`);
  const text = String(Object.is(value, -0) ? 0 : value);
  if (!FLOAT_TEXT.test(text)) fail(what, value, 'a plain number');
  return brand(/[.e]/.test(text) ? text : `${text}.0`);
}

/** `True` or `False`. */
export function pyBool(value: unknown, what: string): PythonLiteral {
  if (typeof value !== 'boolean') fail(what, value, 'true or false');
  return brand(value ? 'True' : 'False');
}

/** Words a string literal may hold: lower-case letters, digits, '.', '_' and '-'. */
const SAFE_WORD = /^[a-z0-9._-]{1,40}$/;

/** A double-quoted string, one of `allowed`: `"uint8"`. */
export function pyChoice<T extends string>(
  value: unknown,
  what: string,
  allowed: readonly T[],
): PythonLiteral {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    fail(what, value, `one of ${allowed.join(', ')}`);
  }
  if (!SAFE_WORD.test(value)) fail(what, value, 'a safe word');
  return brand(`"${value}"`);
}

/** A list of `length` floats, each in bounds: `[110.1, 106.0, 105.2]`. */
export function pyFloatList(value: unknown, what: string, bounds: Bounds, length: number): PythonLiteral {
  if (!Array.isArray(value) || value.length !== length) fail(what, value, `a list of ${length} numbers`);
  return brand(`[${value.map((v, i) => pyFloat(v, `${what}[${i}]`, bounds)).join(', ')}]`);
}
