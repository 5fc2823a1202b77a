/**
 * WGSL program, pass 1 of the filter gradient of a stride-1 'same' convolution (NHWC, odd square kernel k):
 *   dW[kh, kw, ci, co] = Σ over n, h, w of x[n, h + kh − p, w + kw − p, ci] · dy[n, h, w, co]
 *   db[co]             = Σ over n, h, w of dy[n, h, w, co]
 * The sum over N·H·W is split into chunks of image rows (convGeometry.ts, filterGeometry). One invocation
 * sums one chunk for a 4 (Cin) × 4 (Cout) block of the k taps of one kernel row: per step it loads `step`
 * dy vec4s and step + k − 1 x vec4s, and adds their outer products (4 vec4 multiply-adds each); the
 * invocations of the first kernel row and Cin block also sum dy for the bias. It writes its partial sums as one row of
 * the output; with workgroupReduce the workgroup's invocations (consecutive chunks of one block) first add
 * their sums in workgroup memory and one row per workgroup is written. Every write is bounds-checked (the flat
 * variant returns early past the last invocation; the reduce variant, whose barriers forbid that, skips
 * the writes of workgroups past the last). Pass 2
 * (convFilterReduceProgram.ts) adds the rows up. That replaces tfjs's one invocation per filter element
 * looping over the whole batch. Sizes are uniforms; k, the tiling and which channel axes divide by 4 are
 * baked in (one pipeline per kind of conv, as in convSameProgram.ts).
 * Holds only the shader body and dispatch geometry; src/gpu/convKernels.ts runs it.
 */
import { BatchLabProgram } from './batchLabProgram';
import {
  assertConvShape,
  filterGeometry,
  type ConvShape,
  type ConvTiling,
  type FilterGeometry,
} from './convGeometry';
import { alignedKey, componentsFor, i32Uniforms, rowLoad } from './wgslSnippets';

/** The filter passes' uniform values from `rows` to `biasOffset`, after `bound` (the dispatch's). */
export function filterUniformValues(s: ConvShape, g: FilterGeometry, bound: number): number[] {
  const sizes = [s.batch * s.heightPx, s.heightPx, s.widthPx, s.inChannels, s.outChannels];
  const blocks = [g.inBlocks, g.outBlocks, g.blocks, g.inChannelsPadded, g.rowVec4s, g.biasOffsetVec4s];
  return [bound, ...sizes, ...blocks];
}

/** Output [partialRows, rowVec4s · 4]: one row of partial sums per chunk (or per workgroup). */
export class ConvFilterPartialsProgram extends BatchLabProgram {
  /** x [N, H, W, Cin] (the conv's input), dy [N, H, W, Cout] (masked by the ReLU, if any). */
  variableNames = ['x', 'dy'];
  variableComponents: number[];
  outputComponent = 4;
  /**
   * invocations: the dispatch's bound; rows: N·H; height, width: H, W; inChannels, outChannels: Cin, Cout;
   * inBlocks, outBlocks, blocks, inChannelsPadded, rowVec4s, biasOffset: see filterGeometry.
   */
  uniforms =
    'invocations : i32, rows : i32, height : i32, width : i32, inChannels : i32, outChannels : i32, inBlocks : i32, outBlocks : i32, blocks : i32, inChannelsPadded : i32, rowVec4s : i32, biasOffset : i32,';
  readonly invocations: number;
  readonly geometry: FilterGeometry;

  constructor(
    private readonly shape: ConvShape,
    private readonly tiling: ConvTiling,
  ) {
    assertConvShape(shape);
    const wg = tiling.filterWorkgroupSize;
    if (tiling.workgroupReduce && (wg & (wg - 1)) !== 0) {
      throw new Error(`the workgroup tree sum needs a power-of-two workgroup, got ${wg}`);
    }
    const geometry = filterGeometry(shape, tiling);
    const { rowsPerChunk, filterPixelsPerStep, workgroupReduce } = tiling;
    super(
      [geometry.partialRows, geometry.rowVec4s * 4],
      `batchlab_conv_filter_partials_${rowsPerChunk}_${filterPixelsPerStep}_${wg}_${workgroupReduce}_${shape.kernelSize}_${alignedKey(shape.inChannels, shape.outChannels)}`,
      { workgroups: geometry.workgroups },
      wg,
    );
    this.geometry = geometry;
    this.invocations = geometry.invocations;
    this.variableComponents = [componentsFor(shape.inChannels), componentsFor(shape.outChannels)];
  }

  /** The uniform values, in the order of `uniforms`. */
  uniformData(): { type: string; data: number[] }[] {
    return i32Uniforms(filterUniformValues(this.shape, this.geometry, this.invocations));
  }

  getUserCode(): string {
    const { inChannels: cin, outChannels: cout, kernelSize: k } = this.shape;
    const u = 'uniforms';
    const { rowsPerChunk, filterPixelsPerStep: R, workgroupReduce } = this.tiling;
    const wg = this.tiling.filterWorkgroupSize;
    const pad = (k - 1) / 2;
    const range = (n: number) => Array.from({ length: n }, (_, i) => i);
    // Accumulator of tap (kh, kw), input lane j: dW[kh][kw][ib·4 + j][ob·4 … ob·4 + 3].
    const accs = range(k).flatMap((kw) => range(4).map((j) => `a${kw}_${j}`));

    const dyLoads = range(R)
      .map((r) => {
        const w = `w0 + ${r}`;
        return `let d${r} = select(vec4<f32>(0.0), loadDy(rowPixel + min(${w}, ${u}.width - 1), ob * 4), ${w} < ${u}.width);`;
      })
      .join('\n            ');
    const xLoads = range(R + k - 1)
      .map((j) => {
        const w = `w0 + ${j - pad}`;
        return `let s${j} = select(vec4<f32>(0.0), loadX(inRow + clamp(${w}, 0, ${u}.width - 1), ib * 4),
                  ${w} >= 0 && ${w} < ${u}.width);`;
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
            if (ih >= 0 && ih < ${u}.height) {
              let inRow = (n * ${u}.height + ih) * ${u}.width;
              ${xLoads}
              ${products}
            }`;

    // Output row layout (vec4 units): [tap][ci (padded to 4)][Cout/4], then the bias's Cout/4.
    const slotIndex = (a: string) => {
      const [kw, j] = a.slice(1).split('_').map(Number) as [number, number];
      return `((kh * ${k} + ${kw}) * ${u}.inChannelsPadded + ib * 4 + ${j}) * ${u}.outBlocks + ob`;
    };
    const slots = [
      ...accs.map((a) => ({ value: a, at: slotIndex(a), only: '' })),
      { value: 'bias', at: `${u}.biasOffset + ob`, only: 'kh == 0 && ib == 0' },
    ];
    const write = (row: string, slot: (typeof slots)[number], value: string) => {
      const store = `setOutputAtIndex(${row} * ${u}.rowVec4s + ${slot.at}, ${value});`;
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
        if (lane == 0 && inRange) {
          ${write('group', slot, 'partials[0]')}
        }
        workgroupBarrier();`,
          )
          .join('\n        ')
      : slots.map((slot) => write('chunk', slot, slot.value)).join('\n        ');

    const indexing = workgroupReduce
      ? `let lane = i32(localId.x);
        let workgroup = index / ${wg};
        let block = workgroup % ${u}.blocks;
        let group = workgroup / ${u}.blocks;
        let chunk = group * ${wg} + lane;
        // Past 65,535 workgroups tfjs folds the dispatch into a square, which adds workgroups past the
        // last: they run the barriers with the others (no early return), find no rows, and write nothing.
        let inRange = workgroup * ${wg} < ${u}.invocations;`
      : `if (index >= uniforms.invocations) {
          return;
        }
        let block = index % ${u}.blocks;
        let chunk = index / ${u}.blocks;`;

    return `
      ${rowLoad('loadX', 'x', cin % 4 === 0, `${u}.inChannels`)}
      ${rowLoad('loadDy', 'dy', cout % 4 === 0, `${u}.outChannels`)}
      ${workgroupReduce ? `var<workgroup> partials : array<vec4<f32>, ${wg}>;` : ''}

      fn main(index : i32) {
        ${indexing}
        let ob = block % ${u}.outBlocks;
        let ib = (block / ${u}.outBlocks) % ${u}.inBlocks;
        let kh = block / (${u}.outBlocks * ${u}.inBlocks);
        ${accs.map((a) => `var ${a} = vec4<f32>(0.0);`).join('\n        ')}
        var bias = vec4<f32>(0.0);
        let firstRow = chunk * ${rowsPerChunk};
        let lastRow = min(firstRow + ${rowsPerChunk}, ${u}.rows);
        for (var nh = firstRow; nh < lastRow; nh = nh + 1) {
          let n = nh / ${u}.height;
          let h = nh % ${u}.height;
          let rowPixel = nh * ${u}.width;
          for (var w0 = 0; w0 < ${u}.width; w0 = w0 + ${R}) {
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
