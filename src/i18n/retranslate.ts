/**
 * Words that reach the page already written in English by a layer that cannot know the language (a loader
 * worker's report on a user's files, say), said again in another language: the English text is matched
 * against the English dictionary's templates of one area, the placeholders' values read back, and the
 * other language's template for the same key filled with them. Text that matches no template is returned as
 * it is. Only for areas whose English comes from those very templates (so a match is exact). Pure.
 */
import { fill, placeholders } from './fill';

type Area = Readonly<Record<string, unknown>>;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `'{n} of {total} files'` → /^(.+?) of (.+?) files$/ and the names in order. */
function matcher(template: string): { re: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const m = /^\{(\w+)\}$/.exec(part);
      if (!m) return escape(part);
      names.push(m[1]!);
      return '([\\s\\S]+?)';
    })
    .join('');
  return { re: new RegExp(`^${source}$`), names };
}

/** Every template of an area (plural forms included), with the path that finds its counterpart. */
function templates(area: Area, path: string[] = []): { path: string[]; text: string }[] {
  return Object.entries(area).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [{ path: [...path, key], text: value }]
      : value !== null && typeof value === 'object'
        ? templates(value as Area, [...path, key])
        : [],
  );
}

function at(area: Area, path: readonly string[]): string | null {
  let node: unknown = area;
  for (const key of path) node = node !== null && typeof node === 'object' ? (node as Area)[key] : undefined;
  return typeof node === 'string' ? node : null;
}

/** `text` (English, from `source`'s templates) in `target`'s words; `text` itself when nothing matches. */
export function retranslate(text: string, source: Area, target: Area): string {
  // Longest templates first, so a specific sentence wins over a short generic one.
  const all = templates(source).sort((a, b) => b.text.length - a.text.length);
  for (const { path, text: template } of all) {
    const { re, names } = matcher(template);
    const m = re.exec(text);
    if (!m) continue;
    const other = at(target, path);
    if (other === null || placeholders(other).join() !== placeholders(template).join()) return text;
    return fill(other, Object.fromEntries(names.map((name, i) => [name, m[i + 1]!])));
  }
  return text;
}
