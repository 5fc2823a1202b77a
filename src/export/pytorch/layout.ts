/**
 * Layout conversions between TensorFlow.js and PyTorch: images NHWC → NCHW, conv kernels
 * [kh, kw, in, out] → [out, in, kh, kw]. Pure index arithmetic on typed arrays; new arrays returned.
 */

/** NHWC → NCHW for any typed array of n·h·w·c values. */
export function nhwcToNchw<T extends Uint8Array | Float32Array>(
  values: T,
  shape: readonly [number, number, number, number],
): T {
  const [n, h, w, c] = shape;
  if (values.length !== n * h * w * c)
    throw new Error(`NHWC ${shape.join('×')} needs ${n * h * w * c} values`);
  const out = new (values.constructor as new (length: number) => T)(values.length);
  const plane = h * w;
  for (let b = 0; b < n; b++) {
    for (let p = 0; p < plane; p++) {
      const from = (b * plane + p) * c;
      for (let ch = 0; ch < c; ch++) out[(b * c + ch) * plane + p] = values[from + ch]!;
    }
  }
  return out;
}

/** tfjs conv2d filter [kh, kw, in, out] → PyTorch Conv2d weight [out, in, kh, kw]. */
export function hwioToOihw(
  values: Float32Array,
  shape: readonly [number, number, number, number],
): Float32Array {
  const [kh, kw, cin, cout] = shape;
  if (values.length !== kh * kw * cin * cout) {
    throw new Error(`kernel ${shape.join('×')} needs ${kh * kw * cin * cout} values`);
  }
  const out = new Float32Array(values.length);
  for (let i = 0; i < kh; i++) {
    for (let j = 0; j < kw; j++) {
      for (let ci = 0; ci < cin; ci++) {
        for (let co = 0; co < cout; co++) {
          out[((co * cin + ci) * kh + i) * kw + j] = values[((i * kw + j) * cin + ci) * cout + co]!;
        }
      }
    }
  }
  return out;
}
