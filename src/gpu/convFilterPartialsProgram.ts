/**
 * WGSL program, pass 1 of the filter gradient of a stride-1 'same' convolution (NHWC, odd square kernel k):
 *   dW[kh, kw, ci, co] = Σ over n, h, w of x[n, h + kh − p, w + kw − p, ci] · dy[n, h, w, co]
 *   db[co]             = Σ over n, h, w of dy[n, h, w, co]
 * The sum over N·H·W is split into chunks of image rows (convGeometry.ts, filterGeometry). One invocation
 * sums one chunk for a 4 (Cin) × 4 (Cout) block of the k taps of one kernel row: per step it loads `step`
 * dy vec4s and step + k − 1 x vec4s, and adds their outer products (4 vec4 multiply-adds each); the
 * invocations of the first kernel row and Cin block also sum dy for the bias. It writes its partial sums as one row of
 * the output; with workgroupReduce the workgroup's invocations (consecutive chunks of one block) first add
 * their sums in workgroup memory and one row per workgroup is written. Pass 2
 * (convFilterReduceProgram.ts) adds the rows up. That replaces tfjs's one invocation per filter element
 * looping over the whole batch.
 * Holds only the shader body and dispatch geometry; src/gpu/convKernels.ts runs it.
 */
import type { WebGPUProgram } from '@tensorflow/tfjs-backend-webgpu';
import {
  assertConvShape,
  filterGeometry,
  type ConvShape,
  type ConvTiling,
  type FilterGeometry,
} from './convGeometry';
import { componentsFor, rowLoad } from './wgslSnippets';

export class ConvFilterPartialsProgram implements WebGPUProgram {
  /** [partialRows, rowVec4s · 4]: one row of partial sums per chunk (or per workgroup). */
  outputShape: number[];
  shaderKey: string;
  dispatchLayout: { x: number[] };
  dispatch: [number, number, number];
  /** x [N, H, W, Cin] (the conv's input), dy [N, H, W, Cout] (masked by the ReLU, if any). */
  variableNames = ['x', 'dy'];
  variableComponents: number[];
  outputComponent = 4;
  workgroupSize: [number, number, number];
  /** The dispatch's bound; the kernel passes it as this uniform (the shader must read a uniform). */
  uniforms = 'invocations : i32,';
  readonly invocations: number;
  readonly geometry: FilterGeometry;
  private readonly shape: ConvShape;
  private readonly tiling: ConvTiling;

  constructor(shape: ConvShape, tiling: ConvTiling) {
    assertConvShape(shape);
    const wg = tiling.filterWorkgroupSize;
    if (tiling.workgroupReduce && (wg & (wg - 1)) !== 0) {
      throw new Error(`the workgroup tree sum needs a power-of-two workgroup, got ${wg}`);
    }
    this.shape = shape;
    this.tiling = tiling;
    this.geometry = filterGeometry(shape, tiling);
    this.invocations = this.geometry.invocations;
    this.outputShape = [this.geometry.partialRows, this.geometry.rowVec4s * 4];
    this.variableComponents = [componentsFor(shape.inChannels), componentsFor(shape.outChannels)];
    this.workgroupSize = [tiling.filterWorkgroupSize, 1, 1];
    this.dispatchLayout = { x: [0, 1] };
    this.dispatch = [this.geometry.workgroups, 1, 1];
    const { batch, heightPx, widthPx, inChannels, outChannels, kernelSize } = shape;
    this.shaderKey = `batchlab_conv_filter_partials_${tiling.rowsPerChunk}_${tiling.filterPixelsPerStep}_${tiling.filterWorkgroupSize}_${tiling.workgroupReduce}_${batch}_${heightPx}_${widthPx}_${inChannels}_${outChannels}_${kernelSize}`;
  }

  getUserCode(): string {
    const { batch, heightPx: H, widthPx: W, inChannels: cin, outChannels: cout, kernelSize: k } = this.shape;
    const g = this.geometry;
    const { rowsPerChunk, filterPixelsPerStep: R, workgroupReduce } = this.tiling;
    const wg = this.tiling.filterWorkgroupSize;
    const pad = (k - 1) / 2;
    const rows = batch * H;
    const range = (n: number) => Array.from({ length: n }, (_, i) => i);
    // Accumulator of tap (kh, kw), input lane j: dW[kh][kw][ib·4 + j][ob·4 … ob·4 + 3].
    const accs = range(k).flatMap((kw) => range(4).map((j) => `a${kw}_${j}`));

    const dyLoads = range(R)
      .map((r) => {
        const w = `w0 + ${r}`;
        return W % R === 0
          ? `let d${r} = loadDy(rowPixel + ${w}, ob * 4);`
          : `let d${r} = select(vec4<f32>(0.0), loadDy(rowPixel + min(${w}, ${W - 1}), ob * 4), ${w} < ${W});`;
      })
      .join('\n            ');
    const xLoads = range(R + k - 1)
      .map((j) => {
        const w = `w0 + ${j - pad}`;
        return `let s${j} = select(vec4<f32>(0.0), loadX(inRow + clamp(${w}, 0, ${W - 1}), ib * 4),
                  ${w} >= 0 && ${w} < ${W});`;
      })
      .join('\n              ');
    const products = range(k)
      .flatMap((kw) =>
        range(R).flatMap((r) =>
          range(4).map((j) => {
            const a = `a${kw}_${j}`;
            return `${a} = ${a} + s${r + kw}[${j}] * d${r};`;
          }),
        ),
      )
      .join('\n              ');
    const kernelRow = `let ih = h + kh - ${pad};
            if (ih >= 0 && ih < ${H}) {
              let inRow = (n * ${H} + ih) * ${W};
              ${xLoads}
              ${products}
            }`;

    // Output row layout (vec4 units): [tap][ci (padded to 4)][Cout/4], then the bias's Cout/4.
    const slotIndex = (a: string) => {
      const [kw, j] = a.slice(1).split('_').map(Number) as [number, number];
      return `((kh * ${k} + ${kw}) * ${g.inChannelsPadded} + ib * 4 + ${j}) * ${g.outBlocks} + ob`;
    };
    const slots = [
      ...accs.map((a) => ({ value: a, at: slotIndex(a), only: '' })),
      { value: 'bias', at: `${g.biasOffsetVec4s} + ob`, only: 'kh == 0 && ib == 0' },
    ];
    const write = (row: string, slot: (typeof slots)[number], value: string) => {
      const store = `setOutputAtIndex(${row} * ${g.rowVec4s} + ${slot.at}, ${value});`;
      return slot.only ? `if (${slot.only}) { ${store} }` : store;
    };
    // With workgroupReduce: a tree sum over the workgroup per accumulator, in a vec4 per invocation of
    // workgroup memory (filterWorkgroupSize × 16 B), far below any limit on workgroup storage.
    const reduce = workgroupReduce
      ? slots
          .map(
            (slot) => `partials[lane] = ${slot.value};
        workgroupBarrier();
        for (var stride = ${wg / 2}; stride > 0; stride = stride / 2) {
          if (lane < stride) {
            partials[lane] = partials[lane] + partials[lane + stride];
          }
          workgroupBarrier();
        }
        if (lane == 0) {
          ${write('group', slot, 'partials[0]')}
        }
        workgroupBarrier();`,
          )
          .join('\n        ')
      : slots.map((slot) => write('chunk', slot, slot.value)).join('\n        ');

    const indexing = workgroupReduce
      ? `let lane = i32(localId.x);
        let workgroup = index / ${wg};
        let block = workgroup % ${g.blocks};
        let group = workgroup / ${g.blocks};
        let chunk = group * ${wg} + lane;
        let unused = uniforms.invocations;`
      : `if (index >= uniforms.invocations) {
          return;
        }
        let block = index % ${g.blocks};
        let chunk = index / ${g.blocks};`;

    return `
      ${rowLoad('loadX', 'x', cin)}
      ${rowLoad('loadDy', 'dy', cout)}
      ${workgroupReduce ? `var<workgroup> partials : array<vec4<f32>, ${wg}>;` : ''}

      fn main(index : i32) {
        ${indexing}
        let ob = block % ${g.outBlocks};
        let ib = (block / ${g.outBlocks}) % ${g.inBlocks};
        let kh = block / ${g.outBlocks * g.inBlocks};
        ${accs.map((a) => `var ${a} = vec4<f32>(0.0);`).join('\n        ')}
        var bias = vec4<f32>(0.0);
        let firstRow = chunk * ${rowsPerChunk};
        let lastRow = min(firstRow + ${rowsPerChunk}, ${rows});
        for (var nh = firstRow; nh < lastRow; nh = nh + 1) {
          let n = nh / ${H};
          let h = nh % ${H};
          let rowPixel = nh * ${W};
          for (var w0 = 0; w0 < ${W}; w0 = w0 + ${R}) {
            ${dyLoads}
            bias = bias + ${range(R)
              .map((r) => `d${r}`)
              .join(' + ')};
            ${kernelRow}
          }
        }
        ${reduce}
      }`;
  }
}
