/**
 * WGSL program: unpack the packed upload paths' 32-bit words into one f32 or i32 per element.
 * - 'bytes': 8-bit values, four per word. Images: (byte − mean[c]) · invStd[c] → f32 (the model's Normalize
 *   layer, on the GPU); labels: byte → i32 class id. One invocation unpacks one word into its four outputs
 *   (one load, four stores), which roughly halved the program's time on a software adapter compared with
 *   one output per invocation.
 * - 'half': IEEE half floats, two per word (`unpack2x16float`, core WGSL, no shader-f16 feature), into
 *   f32; optionally normalizes (x − mean[c]) · invStd[c] on the way. One invocation per output.
 * Holds only the shader body and dispatch geometry; src/gpu/unpackKernels.ts runs it.
 */
import { BatchLabProgram } from './batchLabProgram';

export type UnpackPacking = 'bytes' | 'half';

export class UnpackProgram extends BatchLabProgram {
  /** packed: i32 words, little endian (low byte or half first); mean/invStd: one f32 per channel. */
  variableNames: string[];
  size = true;

  /**
   * @param outputShape NHWC for images, NHW for labels; @param normalize apply (x − mean) · invStd (bytes
   * without it are labels, to i32); @param channels C (1 for labels).
   */
  constructor(
    outputShape: number[],
    private readonly packing: UnpackPacking,
    private readonly normalize: boolean,
    private readonly channels: number,
  ) {
    const elements = outputShape.reduce((a, b) => a * b, 1);
    const [invocations, key] =
      packing === 'bytes'
        ? [Math.ceil(elements / 4), `bytes_${normalize ? 'normalize-f32' : 'label-i32'}`]
        : [elements, `half_${normalize}`];
    super(outputShape, `batchlab_unpack_${key}_${channels}`, { invocations, overOutput: true });
    this.variableNames = normalize ? ['packed', 'mean', 'invStd'] : ['packed'];
  }

  getUserCode(): string {
    return this.packing === 'bytes' ? this.bytesCode() : this.halfCode();
  }

  private bytesCode(): string {
    const store = this.normalize
      ? `let c = i % ${this.channels};
              setOutputAtIndex(i, (f32(b) - mean[c]) * invStd[c]);`
      : `setOutputAtIndexI32(i, i32(b));`;
    return `
      fn main(index : i32) {
        if (index * 4 < uniforms.size) {
          let word = bitcast<u32>(packed[index]);
          for (var k = 0; k < 4; k++) {
            let i = index * 4 + k;
            if (i < uniforms.size) {
              let b = extractBits(word, u32(k) * 8u, 8u);
              ${store}
            }
          }
        }
      }`;
  }

  private halfCode(): string {
    const value = this.normalize
      ? `let c = index % ${this.channels};
         let v = (pair[index % 2] - mean[c]) * invStd[c];`
      : `let v = pair[index % 2];`;
    return `
      fn main(index : i32) {
        if (index < uniforms.size) {
          let pair = unpack2x16float(bitcast<u32>(packed[index / 2]));
          ${value}
          setOutputAtIndex(index, v);
        }
      }`;
  }
}
