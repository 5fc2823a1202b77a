/**
 * The foreground of a synthetic sample: which shapes a sample holds (one class per shape kind), where,
 * in which colour, and how each is rasterized into the float work image and the class mask.
 */
import { cosTurns, sinTurns } from './detMath';
import type { Rng } from './random';

interface ClassLook {
  /** Mean colour on the 0–255 scale, RGB. */
  rgb: readonly [number, number, number];
  /** Mean intensity for grayscale images. */
  gray: number;
}

/**
 * Class means are distinct but the per-shape jitter (±25 common, ±20 per channel, ±30 gray), the shading
 * and the image noise make their distributions overlap each other and the background's: colour alone
 * does not separate the classes, shape has to help.
 */
const CLASS_LOOKS: readonly ClassLook[] = [
  { rgb: [105, 105, 105], gray: 105 }, // background (unused here; see syntheticDataset.ts)
  { rgb: [200, 90, 80], gray: 170 },
  { rgb: [85, 165, 95], gray: 60 },
  { rgb: [95, 115, 200], gray: 205 },
  { rgb: [205, 185, 80], gray: 140 },
  { rgb: [175, 95, 185], gray: 185 },
];

/** Stripes alternate the class colour with this fraction of it. */
const STRIPE_DIM = 0.45;
const SQUARE_HALF_SIDE = 0.7; // × radius: the square's corners stay inside the bounding radius
const TRIANGLE_INRADIUS = 0.5; // × circumradius, for an equilateral triangle
/** Outward normals of the triangle's edges (the edge facing the vertex on +u has normal −u). */
const TRIANGLE_NORMALS = [1 / 2, 5 / 6, 1 / 6].map((t) => [cosTurns(t), sinTurns(t)] as const);

export interface Shape {
  classId: number;
  centerXPx: number;
  centerYPx: number;
  /** Bounding radius: no covered pixel is farther from the centre. */
  radiusPx: number;
  /** Rotation, in turns. */
  angleTurns: number;
  /** Ring inner radius, px. */
  innerRadiusPx: number;
  /** Stripe period, px. */
  stripePeriodPx: number;
  /** Colour per channel, 0–255 scale (length = channels). */
  colour: number[];
  /** Linear shading across the shape, ± this many levels from edge to edge. */
  shade255: number;
}

/**
 * Draws the shapes of one sample: at least max(2, K−1) of them so every foreground class appears once
 * (cycling from a random class), up to two more of random classes. Later shapes overwrite earlier ones.
 */
export function planShapes(sizePx: number, numClasses: number, channels: 1 | 3, rng: Rng): Shape[] {
  const foreground = numClasses - 1;
  const count = Math.max(2, foreground) + rng.int(0, 3);
  const firstClass = rng.int(0, foreground);
  const shapes: Shape[] = [];
  for (let i = 0; i < count; i++) {
    const classId = 1 + (i < foreground ? (firstClass + i) % foreground : rng.int(0, foreground));
    const radiusPx = Math.max(2.5, sizePx * rng.range(0.08, 0.2));
    const look = CLASS_LOOKS[classId] ?? CLASS_LOOKS[1]!;
    let colour: number[];
    if (channels === 1) {
      colour = [look.gray + rng.range(-30, 30)];
    } else {
      const common = rng.range(-25, 25);
      colour = look.rgb.map((v) => v + common + rng.range(-20, 20));
    }
    shapes.push({
      classId,
      centerXPx: sizePx * rng.range(0.1, 0.9),
      centerYPx: sizePx * rng.range(0.1, 0.9),
      radiusPx,
      angleTurns: rng.next(),
      innerRadiusPx: Math.min(radiusPx - 1.5, radiusPx * rng.range(0.45, 0.65)),
      stripePeriodPx: Math.max(2, radiusPx * rng.range(0.35, 0.6)),
      colour,
      shade255: rng.range(-18, 18),
    });
  }
  return shapes;
}

/**
 * Tone of a point in the shape's rotated frame (u, v in px from its centre): 0 when outside, else the
 * factor applied to the shape's colour (1, or STRIPE_DIM on a stripe's dark half).
 */
function toneAt(shape: Shape, u: number, v: number): number {
  const r = shape.radiusPx;
  switch (shape.classId) {
    case 1: // disc
      return u * u + v * v <= r * r ? 1 : 0;
    case 2: {
      const h = r * SQUARE_HALF_SIDE;
      return Math.abs(u) <= h && Math.abs(v) <= h ? 1 : 0;
    }
    case 3: {
      // Equilateral triangle, a vertex on +u: inside when within the inradius of all three edge normals.
      const limit = r * TRIANGLE_INRADIUS;
      for (const [nu, nv] of TRIANGLE_NORMALS) {
        if (u * nu + v * nv > limit) return 0;
      }
      return 1;
    }
    case 4: {
      const d2 = u * u + v * v;
      const ri = shape.innerRadiusPx;
      return d2 <= r * r && d2 >= ri * ri ? 1 : 0;
    }
    default: {
      // stripes patch: a square whose stripes run along u
      const h = r * SQUARE_HALF_SIDE;
      if (Math.abs(u) > h || Math.abs(v) > h) return 0;
      return (Math.floor(v / shape.stripePeriodPx) & 1) === 0 ? 1 : STRIPE_DIM;
    }
  }
}

/** Rasterizes one shape: sets covered pixels' colour in `work` (HWC floats) and their class in `mask`. */
export function drawShape(
  work: Float32Array,
  mask: Uint8Array,
  sizePx: number,
  channels: number,
  shape: Shape,
) {
  const cos = cosTurns(shape.angleTurns);
  const sin = sinTurns(shape.angleTurns);
  const reach = Math.ceil(shape.radiusPx) + 1;
  const x0 = Math.max(0, Math.floor(shape.centerXPx) - reach);
  const x1 = Math.min(sizePx - 1, Math.floor(shape.centerXPx) + reach);
  const y0 = Math.max(0, Math.floor(shape.centerYPx) - reach);
  const y1 = Math.min(sizePx - 1, Math.floor(shape.centerYPx) + reach);
  const shadePerPx = shape.shade255 / shape.radiusPx;
  for (let y = y0; y <= y1; y++) {
    const dy = y + 0.5 - shape.centerYPx;
    for (let x = x0; x <= x1; x++) {
      const dx = x + 0.5 - shape.centerXPx;
      const u = dx * cos + dy * sin;
      const v = dy * cos - dx * sin;
      const tone = toneAt(shape, u, v);
      if (tone === 0) continue;
      const pixel = y * sizePx + x;
      mask[pixel] = shape.classId;
      const shade = shadePerPx * u;
      for (let c = 0; c < channels; c++) {
        work[pixel * channels + c] = (shape.colour[c] ?? 0) * tone + shade;
      }
    }
  }
}
