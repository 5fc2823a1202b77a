/**
 * WGSL program: per-pixel softmax cross-entropy for segmentation, in one kernel where tfjs ops need a dozen
 * (src/engine/loss.ts). Logits z [P, K] and one-hot labels y [P, K], one invocation per pixel (K is small,
 * 2–6 classes), m = max_k z_k and s = Σ_k exp(z_k − m):
 * - 'loss':     [P]     Σ_k y_k · (log s − (z_k − m))   (the caller takes the mean over pixels);
 * - 'gradient': [P, K]  (exp(z_k − m) / s − y_k) · g, with g = dy / P, the upstream gradient of the mean.
 * Holds only the shader body and dispatch geometry; src/gpu/crossEntropyKernels.ts runs it.
 */
import { BatchLabProgram } from './batchLabProgram';
import { i32Uniforms } from './wgslSnippets';

export type CrossEntropyTarget = 'loss' | 'gradient';

export class CrossEntropyProgram extends BatchLabProgram {
  /** logits and labels: [P, K]; dy: the scalar upstream gradient ('gradient' only). */
  variableNames: string[];
  /** pixels: P; classes: K. */
  uniforms = 'pixels : i32, classes : i32,';

  constructor(
    private readonly pixels: number,
    private readonly classes: number,
    private readonly target: CrossEntropyTarget,
  ) {
    const loss = target === 'loss';
    super(loss ? [pixels] : [pixels, classes], `batchlab_cross_entropy_${target}`, { invocations: pixels });
    this.variableNames = loss ? ['logits', 'labels'] : ['logits', 'labels', 'dy'];
  }

  uniformData(): { type: string; data: number[] }[] {
    return i32Uniforms([this.pixels, this.classes]);
  }

  getUserCode(): string {
    const body =
      this.target === 'loss'
        ? `let logS = log(s);
          var loss = 0.0;
          for (var k = 0; k < uniforms.classes; k = k + 1) {
            loss = loss + labels[row + k] * (logS - (logits[row + k] - m));
          }
          setOutputAtIndex(index, loss);`
        : `let g = dy[0] / f32(uniforms.pixels);
          for (var k = 0; k < uniforms.classes; k = k + 1) {
            setOutputAtIndex(row + k, (exp(logits[row + k] - m) / s - labels[row + k]) * g);
          }`;
    return `
      fn main(index : i32) {
        if (index < uniforms.pixels) {
          let row = index * uniforms.classes;
          var m = logits[row];
          for (var k = 1; k < uniforms.classes; k = k + 1) {
            m = max(m, logits[row + k]);
          }
          var s = 0.0;
          for (var k = 0; k < uniforms.classes; k = k + 1) {
            s = s + exp(logits[row + k] - m);
          }
          ${body}
        }
      }`;
  }
}
