/**
 * A setting's help and select values in the page's language, with the bounds its help quotes filled
 * in. Pure.
 */
import { SOURCE_SIDE_MAX_PX, type TrainConfig } from '../../config/trainConfig';
import { fill } from '../../i18n/fill';
import type { Dictionary } from '../../i18n/types';

export function fieldHelp(t: Dictionary, key: keyof TrainConfig): string {
  return fill(t.fields.settings[key].help, { maxPx: SOURCE_SIDE_MAX_PX });
}

/** A select's value in the page's words (fields.options); a value without words shows as itself. */
export function fieldOption(t: Dictionary, key: keyof TrainConfig, value: unknown): string {
  const words: Readonly<Record<string, string>> | undefined = (
    t.fields.options as Partial<Record<keyof TrainConfig, Readonly<Record<string, string>>>>
  )[key];
  return words?.[String(value)] ?? String(value);
}
