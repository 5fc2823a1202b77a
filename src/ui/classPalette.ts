/** Colours of the segmentation classes, shared by the previews and their legend. */
const CLASS_COLORS: readonly (readonly [number, number, number])[] = [
  [30, 30, 30],
  [230, 85, 13],
  [49, 130, 189],
  [49, 163, 84],
  [188, 80, 144],
  [255, 200, 40],
];

export function classColor(k: number): readonly [number, number, number] {
  return CLASS_COLORS[k % CLASS_COLORS.length] ?? [0, 0, 0];
}
