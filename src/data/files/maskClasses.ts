/**
 * From a decoded mask's RGBA pixels to class ids: masks hold either class indices (grey pixels 0..K−1)
 * or colours, mapped to classes by a palette. The mode is learnt from the masks themselves (rule in
 * config/ownImages.ts), the default palette is ordered (black first as background, then by RGB value) and
 * the user may edit it. Pure; no DOM.
 */
import { INDEX_MASK_MAX_VALUE } from '../../config/ownImages';

export type MaskMode = 'indices' | 'colours';

/** One palette entry: a colour as 0xRRGGBB and the class it stands for. */
export interface PaletteEntry {
  rgb: number;
  classId: number;
}

/** What a set of masks holds, learnt from some of them. */
export interface MaskSurvey {
  /** Grey masks whose values never exceed INDEX_MASK_MAX_VALUE. */
  allIndexLike: boolean;
  /** Largest grey value seen (for the index mode's class check). */
  maxGrey: number;
  /** Distinct colours seen, as 0xRRGGBB. */
  colours: Set<number>;
}

export const emptySurvey = (): MaskSurvey => ({ allIndexLike: true, maxGrey: 0, colours: new Set() });

/** Adds one mask's RGBA pixels to the survey. Stops collecting colours after 4096 (far past any palette). */
export function surveyMask(survey: MaskSurvey, rgba: Uint8ClampedArray | Uint8Array): void {
  for (let i = 0; i < rgba.length; i += 4) {
    const r = rgba[i]!;
    const g = rgba[i + 1]!;
    const b = rgba[i + 2]!;
    if (r !== g || g !== b || r > INDEX_MASK_MAX_VALUE) survey.allIndexLike = false;
    else if (r > survey.maxGrey) survey.maxGrey = r;
    if (survey.colours.size < 4096) survey.colours.add((r << 16) | (g << 8) | b);
  }
}

export function maskModeOf(survey: MaskSurvey): MaskMode {
  return survey.allIndexLike ? 'indices' : 'colours';
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
