/**
 * WGSL program: unpack IEEE half floats, two per 32-bit word (`unpack2x16float`, core WGSL, no
 * shader-f16 feature), into f32; optionally normalizes (x − mean[c]) · invStd[c] on the way.
 * Holds only the shader body and dispatch geometry; src/gpu/unpackKernels.ts runs it.
 */
import { BatchLabProgram } from './batchLabProgram';

export class UnpackHalfProgram extends BatchLabProgram {
  /** packed: i32 words holding 2 halves each (low half first); mean/invStd when normalizing. */
  variableNames: string[];
  size = true;
  private readonly normalize: boolean;
  private readonly channels: number;

  /** @param outputShape NHWC; @param normalize apply (x − mean) · invStd; @param channels C. */
  constructor(outputShape: number[], normalize: boolean, channels: number) {
    const invocations = outputShape.reduce((a, b) => a * b, 1);
    super(outputShape, `batchlab_unpack_half_${normalize}_${channels}`, { invocations, overOutput: true });
    this.normalize = normalize;
    this.channels = channels;
    this.variableNames = normalize ? ['packed', 'mean', 'invStd'] : ['packed'];
  }

  getUserCode(): string {
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
