/**
 * Fills a text template's `{{NAME}}` placeholders with Python literals. Every placeholder must get a
 * value and every value must be used, so a template and its config cannot drift apart silently; values
 * are `PythonLiteral`s (pythonLiteral.ts), never raw text. Pure.
 */
import type { PythonLiteral } from './pythonLiteral';

const PLACEHOLDER = /\{\{([A-Z][A-Z0-9_]*)\}\}/g;

/** The placeholder names a template uses, each once, in order of first use. */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/** The template with every `{{NAME}}` replaced by `values[NAME]`. Throws on a missing or unused value. */
export function fillTemplate(template: string, values: Readonly<Record<string, PythonLiteral>>): string {
  if (/\{\{|\}\}/.test(template.replace(PLACEHOLDER, ''))) {
    throw new Error('the template has a malformed placeholder');
  }
  const used = placeholdersOf(template);
  const missing = used.filter((name) => !Object.hasOwn(values, name));
  if (missing.length) throw new Error(`template placeholders without a value: ${missing.join(', ')}`);
  const unused = Object.keys(values).filter((name) => !used.includes(name));
  if (unused.length) throw new Error(`values the template does not use: ${unused.join(', ')}`);
  // One pass: a value is never read as a template.
  return template.replace(PLACEHOLDER, (_, name: string) => values[name]!);
}
