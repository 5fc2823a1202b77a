/**
 * Compares a language's dictionary with the English one at run time, as a list of plain findings: a key
 * one has and the other lacks, an empty value, a template whose placeholders differ from English's, a
 * plural missing a form. The types already refuse a missing or extra key; this also catches what types
 * cannot see (empty text, placeholders, arrays of another length). Pure; imports only `placeholders`.
 */
import { placeholders } from './fill';

/** Every leaf of a dictionary as `path → text` (`app.run.start → 'Start'`, arrays by index). */
export function flatten(dict: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') {
      out.set(path, node);
      return;
    }
    if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) walk(value, path ? `${path}.${key}` : key);
      return;
    }
    out.set(path, `<not text: ${typeof node}>`);
  };
  walk(dict, prefix);
  return out;
}

/** Findings, one line each; empty when `other` matches `source` key for key and placeholder for placeholder. */
export function checkDictionary(source: unknown, other: unknown): string[] {
  const a = flatten(source);
  const b = flatten(other);
  const findings: string[] = [];
  for (const key of a.keys()) if (!b.has(key)) findings.push(`missing: ${key}`);
  for (const key of b.keys()) if (!a.has(key)) findings.push(`extra: ${key}`);
  for (const [key, text] of b) {
    if (text.trim() === '') findings.push(`empty: ${key}`);
    if (text.startsWith('<not text')) findings.push(`not text: ${key}`);
  }
  for (const [key, text] of a) if (text.trim() === '') findings.push(`empty in source: ${key}`);
  for (const [key, text] of a) {
    const theirs = b.get(key);
    if (theirs === undefined) continue;
    const want = placeholders(text).join(',');
    const got = placeholders(theirs).join(',');
    if (want !== got) findings.push(`placeholders differ: ${key} ({${want}} vs {${got}})`);
  }
  return findings;
}
