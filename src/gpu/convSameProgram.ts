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
 * Every size is a WGSL constant (the shader key carries them), so index arithmetic folds at compile time.
 * Holds only the shader body and dispatch geometry; src/gpu/convKernels.ts runs it.
 */
import type { WebGPUProgram } from '@tensorflow/tfjs-backend-webgpu';
import { assertConvShape, sameGeometry, type ConvShape, type SameGeometry } from './convGeometry';
import { componentsFor, rowLoad, rowStore } from './wgslSnippets';

export type ConvSameMode = 'forward' | 'input-gradient';

export class ConvSameProgram implements WebGPUProgram {
  outputShape: number[];
  shaderKey: string;
  dispatchLayout: { x: number[] };
  dispatch: [number, number, number];
  /**
   * forward: src = x [N, H, W, Cin], W = filter [k, k, Cin, Cout], bias [Cout].
   * input-gradient: src = dy [N, H, W, Cout] (already masked by the ReLU, if any), W = filter.
   */
  variableNames: string[];
  /** vec4 bindings for channel axes that are multiples of 4, scalars otherwise (see wgslSnippets.ts). */
  variableComponents: number[];
  outputComponent: number;
  workgroupSize: [number, number, number];
  /** The dispatch's bound; the kernel passes it as this uniform (the shader must read a uniform). */
  uniforms = 'invocations : i32,';
  readonly invocations: number;
  private readonly shape: ConvShape;
  private readonly mode: ConvSameMode;
  private readonly relu: boolean;
  private readonly pixels: number;
  private readonly geometry: SameGeometry;

  /**
   * @param shape the convolution, forward direction; @param relu fuse max(0, ·) (forward only);
   * @param pixels outputs per invocation along a row; @param workgroupSize invocations per workgroup.
   */
  constructor(shape: ConvShape, mode: ConvSameMode, relu: boolean, pixels: number, workgroupSize: number) {
    assertConvShape(shape);
    if (relu && mode !== 'forward') throw new Error('ReLU is fused into the forward direction only');
    this.shape = shape;
    this.mode = mode;
    this.relu = relu;
    this.pixels = pixels;
    const { batch, heightPx, widthPx, inChannels, outChannels, kernelSize } = shape;
    const srcChannels = mode === 'forward' ? inChannels : outChannels;
    const dstChannels = mode === 'forward' ? outChannels : inChannels;
    this.outputShape = [batch, heightPx, widthPx, dstChannels];
    this.variableNames = mode === 'forward' ? ['src', 'W', 'bias'] : ['src', 'W'];
    this.variableComponents = [componentsFor(srcChannels), componentsFor(outChannels)];
    if (mode === 'forward') this.variableComponents.push(componentsFor(outChannels));
    this.outputComponent = componentsFor(dstChannels);
    this.workgroupSize = [workgroupSize, 1, 1];
    this.geometry = sameGeometry(shape, dstChannels, pixels, workgroupSize);
    this.invocations = this.geometry.invocations;
    this.dispatchLayout = { x: [0, 1, 2, 3] };
    this.dispatch = [this.geometry.workgroups, 1, 1];
    this.shaderKey = `batchlab_conv_same_${mode}_${relu}_${pixels}_${batch}_${heightPx}_${widthPx}_${inChannels}_${outChannels}_${kernelSize}`;
  }

  getUserCode(): string {
    const { heightPx: H, widthPx: W, inChannels: cin, outChannels: cout, kernelSize: k } = this.shape;
    const forward = this.mode === 'forward';
    const srcChannels = forward ? cin : cout;
    const dstChannels = forward ? cout : cin;
    const { outBlocks, rowBlocks } = this.geometry;
    const pad = (k - 1) / 2;
    const R = this.pixels;
    const span = R + k - 1;
    const range = (n: number) => Array.from({ length: n }, (_, i) => i);

    const init = forward ? `loadBias(0, o * 4)` : `vec4<f32>(0.0)`;
    const loads = range(span)
      .map((j) => {
        const w = `w0 + ${j - pad}`;
        return `let s${j} = select(vec4<f32>(0.0), loadSrc(rowPixel + clamp(${w}, 0, ${W - 1}), c),
                  ${w} >= 0 && ${w} < ${W});`;
      })
      .join('\n              ');
    // Filter row of tap (kh, kw) and input channel ci: forward reads W[kh][kw][c + j][o·4…], the input
    // gradient W[k−1−kh][k−1−kw][o·4 + j][c…] (the flipped tap, channel axes swapped: its transpose).
    // The kernel row is a loop (one copy of the code, not k: SwiftShader's compile time grows with it).
    const taps = range(k)
      .map((kw) => {
        const tapRow = forward
          ? `(kh * ${k} + ${kw}) * ${cin}`
          : `((${k - 1} - kh) * ${k} + ${k - 1 - kw}) * ${cin}`;
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
    const kernelRows = `for (var kh = 0; kh < ${k}; kh = kh + 1) {
          let ih = h + kh - ${pad};
          if (ih >= 0 && ih < ${H}) {
            let rowPixel = (n * ${H} + ih) * ${W};
            for (var c = 0; c < ${srcChannels}; c = c + 4) {
              ${loads}
              ${taps}
            }
          }
        }`;
    const activation = (v: string) => (this.relu ? `max(${v}, vec4<f32>(0.0))` : v);
    const stores = range(R)
      .map((r) => {
        const store = `storeDst(outRow + w0 + ${r}, o * 4, ${activation(`acc${r}`)});`;
        return W % R === 0 ? store : `if (w0 + ${r} < ${W}) { ${store} }`;
      })
      .join('\n        ');
    return `
      ${rowLoad('loadSrc', 'src', srcChannels)}
      ${rowLoad('loadW', 'W', cout)}
      ${forward ? rowLoad('loadBias', 'bias', cout) : ''}
      ${rowStore('storeDst', dstChannels)}

      fn main(index : i32) {
        if (index >= uniforms.invocations) {
          return;
        }
        let o = index % ${outBlocks};
        let t = index / ${outBlocks};
        let w0 = (t % ${rowBlocks}) * ${R};
        let nh = t / ${rowBlocks};
        let h = nh % ${H};
        let n = nh / ${H};
        ${range(R)
          .map((r) => `var acc${r} = ${init};`)
          .join('\n        ')}
        ${kernelRows}
        let outRow = nh * ${W};
        ${stores}
      }`;
  }
}
