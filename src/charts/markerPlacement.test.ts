import { describe, expect, it } from 'vitest';
import { placeMarkerLabels, type PlacedLabel, type PlacementOptions } from './markerPlacement';

const options: PlacementOptions = { left: 0, right: 400, rows: 2, pad: 3, gap: 6, minWidth: 24 };

/** Two placed labels overlap when they share a row and their spans intersect. */
function overlaps(a: PlacedLabel, b: PlacedLabel): boolean {
  return a.row === b.row && a.left < b.left + b.width && b.left < a.left + a.width;
}

describe('placeMarkerLabels', () => {
  it('puts a label right of its line, whole, in the top row', () => {
    expect(placeMarkerLabels([{ x: 100, width: 80 }], options)).toEqual([{ row: 0, left: 103, width: 80 }]);
  });

  it('moves a label that would collide to the next row', () => {
    const placed = placeMarkerLabels(
      [
        { x: 100, width: 80 },
        { x: 130, width: 80 },
      ],
      options,
    );
    expect(placed).toEqual([
      { row: 0, left: 103, width: 80 },
      { row: 1, left: 133, width: 80 },
    ]);
  });

  it('goes back to the top row once there is room again', () => {
    const placed = placeMarkerLabels(
      [
        { x: 10, width: 80 },
        { x: 40, width: 80 },
        { x: 200, width: 80 },
      ],
      options,
    );
    expect(placed.map((p) => p?.row)).toEqual([0, 1, 0]);
  });

  it('puts a label left of its line near the right edge', () => {
    expect(placeMarkerLabels([{ x: 380, width: 80 }], options)).toEqual([{ row: 0, left: 297, width: 80 }]);
  });

  it('cuts a label to the room it has, and drops it (line kept) when there is too little', () => {
    const placed = placeMarkerLabels(
      [
        { x: 100, width: 300 },
        { x: 110, width: 300 },
        { x: 120, width: 300 },
      ],
      options,
    );
    // Row 0 from 103 to the edge (297 px of 300), row 1 from 113; the third has no row with 24 px free.
    expect(placed[0]).toEqual({ row: 0, left: 103, width: 297 });
    expect(placed[1]).toEqual({ row: 1, left: 113, width: 287 });
    expect(placed[2]).toBeNull();
  });

  it('never lets two labels overlap, however dense the markers', () => {
    const boxes = Array.from({ length: 60 }, (_, i) => ({ x: (i * 37) % 400, width: 20 + ((i * 53) % 90) }));
    const placed = placeMarkerLabels(boxes, options);
    const kept = placed.flatMap((p, i) => (p ? [{ ...p, whole: boxes[i]!.width }] : []));
    expect(kept.length).toBeGreaterThan(4);
    for (let i = 0; i < kept.length; i++) {
      const a = kept[i]!;
      expect(a.left).toBeGreaterThanOrEqual(options.left);
      expect(a.left + a.width).toBeLessThanOrEqual(options.right);
      expect(a.width).toBeLessThanOrEqual(a.whole);
      expect(a.width).toBeGreaterThanOrEqual(Math.min(a.whole, options.minWidth));
      for (let j = i + 1; j < kept.length; j++) expect(overlaps(a, kept[j]!)).toBe(false);
    }
  });

  it('ignores markers outside the plot and keeps input order in the result', () => {
    const placed = placeMarkerLabels(
      [
        { x: 300, width: 40 },
        { x: -5, width: 40 },
        { x: 50, width: 40 },
      ],
      options,
    );
    expect(placed[1]).toBeNull();
    expect(placed[0]).toEqual({ row: 0, left: 303, width: 40 });
    expect(placed[2]).toEqual({ row: 0, left: 53, width: 40 });
  });
});
