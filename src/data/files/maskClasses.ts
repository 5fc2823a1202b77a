/**
 * From a decoded mask's RGBA pixels to class ids: masks hold either class indices (grey pixels 0..K−1)
 * or colours, mapped to classes by a palette. The mode is learnt from the masks themselves (rule in
 * config/ownImages.ts), or asked of the user when grey masks look like indices but for a few values; the
 * default palette is ordered (black first as background, then by RGB value) and the user may edit it.
 * Pure; no DOM.
 */
import { INDEX_LIKE_MIN_VALUES, INDEX_MASK_MAX_VALUE } from '../../config/ownImages';

export type MaskMode = 'indices' | 'colours';

/** What the masks themselves say: one mode, or `ask` when they fit neither rule (the user picks). */
export type LearntMaskMode = MaskMode | 'ask';

/** One palette entry: a colour as 0xRRGGBB and the class it stands for. */
export interface PaletteEntry {
  rgb: number;
  classId: number;
}

/** What a set of masks holds, learnt from some of them. */
export interface MaskSurvey {
  /** Every pixel seen is grey (R = G = B). */
  allGrey: boolean;
  /** Distinct colours seen, as 0xRRGGBB (all of them for grey masks: at most 256). */
  colours: Set<number>;
}

export const emptySurvey = (): MaskSurvey => ({ allGrey: true, colours: new Set() });

/** Adds one mask's RGBA pixels to the survey. Stops collecting colours after 4096 (far past any palette). */
export function surveyMask(survey: MaskSurvey, rgba: Uint8ClampedArray | Uint8Array): void {
  for (let i = 0; i < rgba.length; i += 4) {
    const r = rgba[i]!;
    const g = rgba[i + 1]!;
    const b = rgba[i + 2]!;
    if (r !== g || g !== b) survey.allGrey = false;
    if (survey.colours.size < 4096) survey.colours.add((r << 16) | (g << 8) | b);
  }
}

/** The distinct grey values of grey masks, ascending; null when some pixel has a colour. */
export function greyValues(survey: MaskSurvey): number[] | null {
  return survey.allGrey ? [...survey.colours].map((c) => c & 0xff).sort((a, b) => a - b) : null;
}

/** The mode by the rule in config/ownImages.ts: grey and small is indices, grey and mostly small is asked. */
export function learntMaskMode(survey: MaskSurvey): LearntMaskMode {
  const grey = greyValues(survey);
  if (grey === null) return 'colours';
  const small = grey.filter((v) => v <= INDEX_MASK_MAX_VALUE).length;
  if (small === grey.length) return 'indices';
  return small >= INDEX_LIKE_MIN_VALUES ? 'ask' : 'colours';
}

/** The default palette: black (if present) is class 0, the other colours follow in RGB order, class i. */
export function defaultPalette(colours: Iterable<number>): PaletteEntry[] {
  const sorted = [...new Set(colours)].sort((a, b) => a - b);
  return sorted.map((rgb, classId) => ({ rgb, classId }));
}

/** Thrown when a mask holds a class the run does not have; the message names the value. */
export class MaskClassError extends Error {
  constructor(
    readonly value: number,
    message: string,
  ) {
    super(message);
    this.name = 'MaskClassError';
  }
}

/**
 * Class ids (one byte per pixel) from a mask's RGBA pixels. Indices: the red channel is the class.
 * Colours: the palette's class for the pixel's colour; a colour not in the palette is background (0).
 * Throws MaskClassError for a class ≥ numClasses.
 */
export function classesFromRgba(
  rgba: Uint8ClampedArray | Uint8Array,
  mode: MaskMode,
  palette: readonly PaletteEntry[],
  numClasses: number,
): Uint8Array {
  const out = new Uint8Array(rgba.length / 4);
  const lookup = new Map(palette.map((p) => [p.rgb, p.classId]));
  for (let p = 0, i = 0; p < out.length; p++, i += 4) {
    const value =
      mode === 'indices'
        ? rgba[i]!
        : (lookup.get((rgba[i]! << 16) | (rgba[i + 1]! << 8) | rgba[i + 2]!) ?? 0);
    if (value >= numClasses) {
      throw new MaskClassError(value, `class index ${value} ≥ ${numClasses} classes`);
    }
    out[p] = value;
  }
  return out;
}
