import { describe, expect, it } from 'vitest';
import {
  classesFromRgba,
  defaultPalette,
  emptySurvey,
  learntMaskMode,
  MaskClassError,
  surveyMask,
} from './maskClasses';

const rgba = (...px: [number, number, number][]) =>
  Uint8Array.from(px.flatMap(([r, g, b]) => [r, g, b, 255]));

describe('mask modes and palette', () => {
  it('reads grey masks with small values as class indices', () => {
    const s = emptySurvey();
    surveyMask(s, rgba([0, 0, 0], [3, 3, 3], [1, 1, 1]));
    expect(learntMaskMode(s)).toBe('indices');
    expect(Array.from(classesFromRgba(rgba([0, 0, 0], [3, 3, 3]), 'indices', [], 4))).toEqual([0, 3]);
  });

  it('reads coloured (or 0/255) masks as colours, black first, then in RGB order', () => {
    const s = emptySurvey();
    surveyMask(s, rgba([255, 0, 0], [0, 0, 0], [0, 255, 0], [255, 0, 0]));
    expect(learntMaskMode(s)).toBe('colours');
    const palette = defaultPalette(s.colours);
    expect(palette).toEqual([
      { rgb: 0x000000, classId: 0 },
      { rgb: 0x00ff00, classId: 1 },
      { rgb: 0xff0000, classId: 2 },
    ]);
    expect(
      Array.from(classesFromRgba(rgba([255, 0, 0], [0, 255, 0], [9, 9, 200]), 'colours', palette, 3)),
    ).toEqual([2, 1, 0]);
    const binary = emptySurvey();
    surveyMask(binary, rgba([0, 0, 0], [255, 255, 255]));
    expect(learntMaskMode(binary)).toBe('colours');
  });

  it('asks when grey masks look like indices but for a few larger values (0–2 and 40, or 0, 1 and 255)', () => {
    for (const stray of [40, 255]) {
      const s = emptySurvey();
      surveyMask(s, rgba([0, 0, 0], [1, 1, 1], [2, 2, 2]));
      expect(learntMaskMode(s)).toBe('indices');
      surveyMask(s, rgba([stray, stray, stray]));
      expect(learntMaskMode(s)).toBe('ask');
    }
    // One small value beside a large one is a black-and-white colour mask, as before; a colour is colours.
    const tinted = emptySurvey();
    surveyMask(tinted, rgba([0, 0, 0], [1, 1, 1], [40, 40, 41]));
    expect(learntMaskMode(tinted)).toBe('colours');
  });

  it('follows an edited palette', () => {
    const edited = [
      { rgb: 0xff0000, classId: 1 },
      { rgb: 0x00ff00, classId: 1 },
    ];
    expect(Array.from(classesFromRgba(rgba([255, 0, 0], [0, 255, 0]), 'colours', edited, 2))).toEqual([1, 1]);
  });

  it('refuses a class index ≥ K with the value', () => {
    let thrown: unknown = null;
    try {
      classesFromRgba(rgba([1, 1, 1], [9, 9, 9]), 'indices', [], 4);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(MaskClassError);
    expect((thrown as MaskClassError).value).toBe(9);
  });
});
