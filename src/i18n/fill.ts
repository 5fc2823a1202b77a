/**
 * Templates with named placeholders, filled without eval (the CSP forbids it): `{name}` is replaced by the
 * parameter's text, `{{` and `}}` stand for literal braces; a placeholder without a parameter stays visible
 * so a mistake shows instead of vanishing. Numbers should be formatted by the caller for the locale. Plurals
 * pick their form with Intl.PluralRules. Pure; imports nothing but types.
 */
import type { PluralText, TemplateParams } from './types';

const PLACEHOLDER = /\{(\w+)\}/g;

/** The placeholder names a template uses, sorted and without repeats (the dictionary test compares them). */
export function placeholders(template: string): string[] {
  return [...new Set(Array.from(template.matchAll(PLACEHOLDER), (m) => m[1]!))].sort();
}

/** `fill('{n} steps', { n: '3' })` → `'3 steps'`. */
export function fill(template: string, params: TemplateParams = {}): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/**
 * Splits a template into text and placeholder names, in order: `'a {x} b'` → `['a ', {name:'x'}, ' b']`.
 * The UI uses it to put elements (a <strong>, a test id) where a placeholder stands.
 */
export function templateParts(template: string): (string | { name: string })[] {
  const parts: (string | { name: string })[] = [];
  let last = 0;
  for (const m of template.matchAll(PLACEHOLDER)) {
    const at = m.index ?? 0;
    if (at > last) parts.push(template.slice(last, at));
    parts.push({ name: m[1]! });
    last = at + m[0].length;
  }
  if (last < template.length) parts.push(template.slice(last));
  return parts;
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The form of `text` for `count` in `locale` (`one` only where the locale's rules say so). */
export function plural(locale: string, count: number, text: PluralText): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count) === 'one' ? text.one : text.other;
}
