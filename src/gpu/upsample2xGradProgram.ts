/**
 * WGSL program: the gradient of a bilinear ×2 upsampling, tf.image.resizeBilinear(x, [2H, 2W]) with tfjs's
 * defaults (alignCorners false, halfPixelCenters false), wrt x. Output row r of the upsampling reads x rows
 * ⌊r/2⌋ and min(⌈r/2⌉, H − 1) with weights 1 − f and f, f = r/2 − ⌊r/2⌋ ∈ {0, ½}; so dx row i receives dy
 * rows 2i (weight 1), 2i − 1 (½, for i > 0) and 2i + 1 (½, or 1 on the last row, where both taps are
 * row H − 1); columns alike. One invocation sums those 3 × 3 dy values for 4 channels of one dx pixel.
 * tfjs's own gradient kernel scans a window of dy per element with a branch per tap, one channel at a time.
 * Sizes are uniforms (one pipeline per channel alignment).
 * Holds only the shader body and dispatch geometry; src/gpu/upsampleKernels.ts runs it.
 */
import { BatchLabProgram } from './batchLabProgram';
import { channelBlocks } from './convGeometry';
import { alignedKey, componentsFor, i32Uniforms, rowLoad, rowStore } from './wgslSnippets';

export class Upsample2xGradProgram extends BatchLabProgram {
  /** dy: [N, 2H, 2W, C], the gradient wrt the upsampled tensor. */
  variableNames = ['dy'];
  variableComponents: number[];
  outputComponent: number;
  /** invocations: the dispatch's bound; height, width, channels: of dx; blocks: channel vec4 blocks. */
  uniforms = 'invocations : i32, height : i32, width : i32, channels : i32, blocks : i32,';
  readonly invocations: number;

  /** @param shape [N, H, W, C], the upsampling's input (and this program's output). */
  constructor(private readonly shape: [number, number, number, number]) {
    const [n, h, w, c] = shape;
    const invocations = n * h * w * channelBlocks(c);
    super(shape, `batchlab_upsample2x_grad_${alignedKey(c)}`, { invocations });
    this.variableComponents = [componentsFor(c)];
    this.outputComponent = componentsFor(c);
    this.invocations = invocations;
  }

  /** The uniform values, in the order of `uniforms`. */
  uniformData(): { type: string; data: number[] }[] {
    const [, h, w, c] = this.shape;
    return i32Uniforms([this.invocations, h, w, c, channelBlocks(c)]);
  }

  getUserCode(): string {
    const C = this.shape[3];
    const u = 'uniforms';
    const taps = (axis: 'r' | 'c', last: string) => `
        let ${axis}Mid = 2 * ${axis};
        let ${axis}Before = max(2 * ${axis} - 1, 0);
        let ${axis}After = 2 * ${axis} + 1;
        let ${axis}BeforeWeight = select(0.5, 0.0, ${axis} == 0);
        let ${axis}AfterWeight = select(0.5, 1.0, ${axis} == ${last});`;
    const rows = [
      ['rBefore', 'rBeforeWeight'],
      ['rMid', '1.0'],
      ['rAfter', 'rAfterWeight'],
    ];
    const cols = [
      ['cBefore', 'cBeforeWeight'],
      ['cMid', '1.0'],
      ['cAfter', 'cAfterWeight'],
    ];
    const terms = rows
      .map(
        ([row, rw]) =>
          `acc = acc + ${rw} * (${cols
            .map(
              ([col, cw]) =>
                `${cw} * loadDy((n * 2 * ${u}.height + ${row}) * 2 * ${u}.width + ${col}, b * 4)`,
            )
            .join(' + ')});`,
      )
      .join('\n        ');
    return `
      ${rowLoad('loadDy', 'dy', C % 4 === 0, `${u}.channels`)}
      ${rowStore('storeDx', C % 4 === 0, `${u}.channels`)}

      fn main(index : i32) {
        if (index >= uniforms.invocations) {
          return;
        }
        let b = index % ${u}.blocks;
        let pixel = index / ${u}.blocks;
        let c = pixel % ${u}.width;
        let r = (pixel / ${u}.width) % ${u}.height;
        let n = pixel / (${u}.width * ${u}.height);
        ${taps('r', `${u}.height - 1`)}
        ${taps('c', `${u}.width - 1`)}
        var acc = vec4<f32>(0.0);
        ${terms}
        storeDx(pixel, b * 4, acc);
      }`;
  }
}
