/**
 * Where marker labels go so that none overlaps another: each label sits beside its line, in the first of
 * a few rows where it has room — right of the line, or left of it near the plot's right edge — and is cut
 * to the room it has (down to a minimum). A label with no room anywhere is dropped; its line stays, and
 * the legend still shows its full text. Pure; pixel widths come from the caller's measure.
 */

export interface MarkerLabelBox {
  /** x of the marker's line, px. */
  x: number;
  /** Width of its whole label, px. */
  width: number;
}

export interface PlacedLabel {
  /** 0 = the top row. */
  row: number;
  /** Left edge of the text, px. */
  left: number;
  /** Width the text may take, px (≤ its whole width: cut with an ellipsis when smaller). */
  width: number;
}

export interface PlacementOptions {
  /** Plot's left and right edges, px. */
  left: number;
  right: number;
  rows: number;
  /** Space between a line and its text, px. */
  pad: number;
  /** Space between two labels in one row, px. */
  gap: number;
  /** A label cut below this width is dropped instead. */
  minWidth: number;
}

/**
 * Places labels in ascending x (the input order need not be sorted). Returns one entry per box, in input
 * order: where its text goes, or null when it is dropped.
 */
export function placeMarkerLabels(
  boxes: readonly MarkerLabelBox[],
  options: PlacementOptions,
): (PlacedLabel | null)[] {
  const { left, right, rows, pad, gap, minWidth } = options;
  const rowEnds = Array.from({ length: Math.max(0, rows) }, () => -Infinity);
  const order = boxes.map((_, i) => i).sort((a, b) => boxes[a]!.x - boxes[b]!.x);
  const placed: (PlacedLabel | null)[] = boxes.map(() => null);
  for (const i of order) {
    const { x, width } = boxes[i]!;
    if (!(x >= left && x <= right) || width <= 0) continue;
    let best: PlacedLabel | null = null;
    let cut: PlacedLabel | null = null;
    for (let row = 0; row < rowEnds.length; row++) {
      const free = Math.max(left, rowEnds[row]! + gap);
      // Right of the line, as much as fits before the plot's edge.
      const rightStart = x + pad;
      const rightRoom = rightStart >= free ? right - rightStart : 0;
      if (rightRoom >= width) {
        best = { row, left: rightStart, width };
        break;
      }
      // Left of the line, whole, when the right side is short.
      const leftStart = x - pad - width;
      if (leftStart >= free) {
        best = { row, left: leftStart, width };
        break;
      }
      // Otherwise cut on whichever side has more room; keep looking for a row with room for all of it.
      const leftRoom = x - pad - free;
      const room = Math.max(rightRoom, leftRoom);
      if (room >= minWidth && (!cut || room > cut.width))
        cut =
          rightRoom >= leftRoom
            ? { row, left: rightStart, width: rightRoom }
            : { row, left: free, width: leftRoom };
    }
    best ??= cut;
    if (best) {
      rowEnds[best.row] = best.left + best.width;
      placed[i] = best;
    }
  }
  return placed;
}
