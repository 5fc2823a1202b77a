/**
 * Deterministic math for image synthesis: functions built only from exactly rounded IEEE operations
 * (+, −, ×, /, floor), because Math.sin and friends may differ in the last bit between JS engines, and a
 * last-bit difference can flip a rounded pixel value.
 */

/**
 * sin(2π·turns), approximated by a parabola refined once (max abs error ≈ 0.001): exact enough for
 * textures and rotations, and bit-identical on every engine.
 */
export function sinTurns(turns: number): number {
  let x = turns - Math.floor(turns); // [0, 1)
  if (x >= 0.5) x -= 1; // [-0.5, 0.5)
  const y = 8 * x * (1 - 2 * Math.abs(x)); // parabola through the zeros and the peaks of sin(2πx)
  return 0.225 * (y * Math.abs(y) - y) + y;
}

/** cos(2π·turns), with the same accuracy and determinism as `sinTurns`. */
export function cosTurns(turns: number): number {
  return sinTurns(turns + 0.25);
}

/** Clamps to 0–255 and rounds half up: the one way a float pixel becomes a byte in this loader. */
export function toByte(value: number): number {
  if (value <= 0) return 0;
  if (value >= 255) return 255;
  return Math.floor(value + 0.5);
}
