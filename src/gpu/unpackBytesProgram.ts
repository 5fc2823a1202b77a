/**
 * WGSL program: unpack 8-bit values, four per 32-bit word, into one f32 or i32 per element.
 * Images: (byte − mean[c]) · invStd[c] → f32 (the model's Normalize layer, on the GPU).
 * Labels: byte → i32 class id.
 * One invocation unpacks one 32-bit word into its four outputs (one load, four stores), which roughly
 * halved the program's time on a software adapter compared with one output per invocation.
 * Holds only the shader body and dispatch geometry; src/gpu/unpackKernels.ts runs it.
 */
import { BatchLabProgram } from './batchLabProgram';

export type UnpackBytesMode = 'normalize-f32' | 'label-i32';

export class UnpackBytesProgram extends BatchLabProgram {
  /** packed: i32 words holding 4 bytes each, little endian; mean/invStd: one f32 per channel. */
  variableNames: string[];
  size = true;
  private readonly mode: UnpackBytesMode;
  private readonly channels: number;

  /** @param outputShape NHWC for images, NHW for labels; @param channels C (1 for labels). */
  constructor(outputShape: number[], mode: UnpackBytesMode, channels: number) {
    const words = Math.ceil(outputShape.reduce((a, b) => a * b, 1) / 4);
    super(outputShape, `batchlab_unpack_bytes_${mode}_${channels}`, { invocations: words, overOutput: true });
    this.mode = mode;
    this.channels = channels;
    this.variableNames = mode === 'normalize-f32' ? ['packed', 'mean', 'invStd'] : ['packed'];
  }

  getUserCode(): string {
    const store =
      this.mode === 'normalize-f32'
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
}
