/**
 * The shape every language's dictionary must have: the English dictionary's, with every leaf a string.
 * English is the source of keys; `satisfies Dictionary` (or `satisfies Dictionary['area']` per file) makes a
 * missing or an extra key in another language a compile error. Values are plain text or templates with named
 * placeholders (`{count} steps`, filled by `fill`); a plural is an object with one key per plural category the
 * languages need (`one`, `other`), picked by `plural` through Intl.PluralRules. Imports only the English
 * dictionary's type.
 */
import type { en } from './en';

/** `T` with every string leaf widened to `string`, objects kept (works whether or not `T` is `as const`). */
type DeepStringify<T> = T extends string ? string : { readonly [K in keyof T]: DeepStringify<T[K]> };

export type Dictionary = DeepStringify<typeof en>;

/** A message with a plural form: the `one` text and the `other` text. */
export interface PluralText {
  readonly one: string;
  readonly other: string;
}

/** Values a template's placeholders take. */
export type TemplateParams = Readonly<Record<string, string | number>>;
