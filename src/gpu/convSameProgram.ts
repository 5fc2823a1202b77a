/**
 * WGSL program: a stride-1 'same' convolution (NHWC, odd square kernel k, zero padding) in one of two
 * directions, sharing one body:
 * - 'forward':        y = conv(x, W) + bias, optionally ReLU'd (out = Cout channels);
 * - 'input-gradient': dx = the same sum with the kernel flipped in space and its channel axes swapped,
 *                     read from dy (out = Cin channels), which is exactly conv2d's gradient wrt its input.
 * One invocation computes `pixels` adjacent outputs of one image row × 4 output channels: for each kernel
 * row and each block of 4 input channels it loads pixels + k − 1 input vec4s once and reuses each for k
 * taps, multiplying by a 4×4 block of the filter (forward: matrix × vector; input gradient: vector ×
 * matrix, i.e. the transposed block, read from the same memory). No workgroup memory, no barriers.
 * Sizes are uniforms and only k, the tiling, the direction, ReLU and which channel axes divide by 4 are
 * baked in, so one pipeline serves every conv of that kind: pipelines cost seconds to compile on a
 * software adapter, and a U-Net has many convs of few kinds.
 * Holds only the shader body and dispatch geometry; src/gpu/convKernels.ts runs it.
 */
import { BatchLabProgram } from './batchLabProgram';
import {
  assertConvShape,
  sameGeometry,
  srcDstChannels,
  type ConvShape,
  type SameGeometry,
} from './convGeometry';
import { alignedKey, componentsFor, i32Uniforms, rowLoad, rowStore } from './wgslSnippets';

export type ConvSameMode = 'forward' | 'input-gradient';

export class ConvSameProgram extends BatchLabProgram {
  /**
   * forward: src = x [N, H, W, Cin], W = filter [k, k, Cin, Cout], bias [Cout].
   * input-gradient: src = dy [N, H, W, Cout] (already masked by the ReLU, if any), W = filter.
   */
  variableNames: string[];
  /** vec4 bindings for channel axes that are multiples of 4, scalars otherwise (see wgslSnippets.ts). */
  variableComponents: number[];
  outputComponent: number;
  /**
   * invocations: the dispatch's bound; height, width: H, W; srcChannels, dstChannels: channels read and
   * written; inChannels, outChannels: the filter's Cin and Cout; outBlocks, rowBlocks: see sameGeometry.
   */
  uniforms =
    'invocations : i32, height : i32, width : i32, srcChannels : i32, dstChannels : i32, inChannels : i32, outChannels : i32, outBlocks : i32, rowBlocks : i32,';
  readonly invocations: number;
  private readonly geometry: SameGeometry;

  /**
   * @param shape the convolution, forward direction; @param relu fuse max(0, ·) (forward only);
   * @param pixels outputs per invocation along a row; @param workgroupSize invocations per workgroup.
   */
  constructor(
    private readonly shape: ConvShape,
    private readonly mode: ConvSameMode,
    private readonly relu: boolean,
    private readonly pixels: number,
    workgroupSize: number,
  ) {
    assertConvShape(shape);
    if (relu && mode !== 'forward') throw new Error('ReLU is fused into the forward direction only');
    const { batch, heightPx, widthPx, outChannels, kernelSize } = shape;
    const forward = mode === 'forward';
    const [srcChannels, dstChannels] = srcDstChannels(shape, forward);
    const geometry = sameGeometry(shape, dstChannels, pixels, workgroupSize);
    const aligned = alignedKey(srcChannels, outChannels, dstChannels);
    super(
      [batch, heightPx, widthPx, dstChannels],
      `batchlab_conv_same_${mode}_${relu}_${pixels}_${kernelSize}_${aligned}`,
      { workgroups: geometry.workgroups },
      workgroupSize,
    );
    this.variableNames = forward ? ['src', 'W', 'bias'] : ['src', 'W'];
    this.variableComponents = [componentsFor(srcChannels), componentsFor(outChannels)];
    if (forward) this.variableComponents.push(componentsFor(outChannels));
    this.outputComponent = componentsFor(dstChannels);
    this.geometry = geometry;
    this.invocations = geometry.invocations;
  }

  /** The uniform values, in the order of `uniforms`. */
  uniformData(): { type: string; data: number[] }[] {
    const { heightPx, widthPx, inChannels, outChannels } = this.shape;
    const channels = [...srcDstChannels(this.shape, this.mode === 'forward'), inChannels, outChannels];
    const { outBlocks, rowBlocks } = this.geometry;
    return i32Uniforms([this.invocations, heightPx, widthPx, ...channels, outBlocks, rowBlocks]);
  }

  getUserCode(): string {
    const { outChannels: cout, kernelSize: k } = this.shape;
    const forward = this.mode === 'forward';
    const [srcChannels, dstChannels] = srcDstChannels(this.shape, forward);
    const pad = (k - 1) / 2;
    const R = this.pixels;
    const span = R + k - 1;
    const range = (n: number) => Array.from({ length: n }, (_, i) => i);
    const u = 'uniforms';

    const init = forward ? `loadBias(0, o * 4)` : `vec4<f32>(0.0)`;
    const loads = range(span)
      .map((j) => {
        const w = `w0 + ${j - pad}`;
        return `let s${j} = select(vec4<f32>(0.0), loadSrc(rowPixel + clamp(${w}, 0, ${u}.width - 1), c),
                  ${w} >= 0 && ${w} < ${u}.width);`;
      })
      .join('\n              ');
    // Filter row of tap (kh, kw) and input channel ci: forward reads W[kh][kw][c + j][o·4…], the input
    // gradient W[k−1−kh][k−1−kw][o·4 + j][c…] (the flipped tap, channel axes swapped: its transpose).
    // The kernel row is a loop (one copy of the code, not k: SwiftShader's compile time grows with it).
    const taps = range(k)
      .map((kw) => {
        const tapRow = forward
          ? `(kh * ${k} + ${kw}) * ${u}.inChannels`
          : `((${k - 1} - kh) * ${k} + ${k - 1 - kw}) * ${u}.inChannels`;
        const columns = forward
          ? range(4).map((j) => `loadW(${tapRow} + c + ${j}, o * 4)`)
          : range(4).map((j) => `loadW(${tapRow} + o * 4 + ${j}, c)`);
        const product = (r: number) => (forward ? `m * s${r + kw}` : `s${r + kw} * m`);
        return `{
                let m = mat4x4<f32>(${columns.join(', ')});
                ${range(R)
                  .map((r) => `acc${r} = acc${r} + ${product(r)};`)
                  .join('\n                ')}
              }`;
      })
      .join('\n              ');
    const activation = (v: string) => (this.relu ? `max(${v}, vec4<f32>(0.0))` : v);
    const stores = range(R)
      .map(
        (r) =>
          `if (w0 + ${r} < ${u}.width) { storeDst(outRow + w0 + ${r}, o * 4, ${activation(`acc${r}`)}); }`,
      )
      .join('\n        ');
    return `
      ${rowLoad('loadSrc', 'src', srcChannels % 4 === 0, `${u}.srcChannels`)}
      ${rowLoad('loadW', 'W', cout % 4 === 0, `${u}.outChannels`)}
      ${forward ? rowLoad('loadBias', 'bias', cout % 4 === 0, `${u}.outChannels`) : ''}
      ${rowStore('storeDst', dstChannels % 4 === 0, `${u}.dstChannels`)}

      fn main(index : i32) {
        if (index >= ${u}.invocations) {
          return;
        }
        let o = index % ${u}.outBlocks;
        let t = index / ${u}.outBlocks;
        let w0 = (t % ${u}.rowBlocks) * ${R};
        let nh = t / ${u}.rowBlocks;
        let h = nh % ${u}.height;
        let n = nh / ${u}.height;
        ${range(R)
          .map((r) => `var acc${r} = ${init};`)
          .join('\n        ')}
        for (var kh = 0; kh < ${k}; kh = kh + 1) {
          let ih = h + kh - ${pad};
          if (ih >= 0 && ih < ${u}.height) {
            let rowPixel = (n * ${u}.height + ih) * ${u}.width;
            for (var c = 0; c < ${u}.srcChannels; c = c + 4) {
              ${loads}
              ${taps}
            }
          }
        }
        let outRow = nh * ${u}.width;
        ${stores}
      }`;
  }
}
