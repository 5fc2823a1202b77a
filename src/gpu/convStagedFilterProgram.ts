/**
 * WGSL program, pass 1 of the filter gradient for GPUs (the sums of convFilterPartialsProgram.ts, organised
 * for coalesced loads and a single barrier):
 *   dW[kh, kw, ci, co] = Σ over n, h, w of x[n, h + kh − p, w + kw − p, ci] · dy[n, h, w, co]
 *   db[co]             = Σ over n, h, w of dy[n, h, w, co]
 * A workgroup of STAGED_TILE.invocations (64) lanes takes one chunk of `rowsPerChunk` image rows for one
 * kernel row kh, one Cin block and 4 Cout blocks. Its lanes are 4 Cout blocks (fastest) × 16 pixels: along a
 * row they read dy as consecutive vec4s (a whole row at Cout = 16, 64-byte runs beyond), 16 pixels apart per
 * step; the x vec4s of a pixel are shared by its 4 lanes. Each lane keeps k · 4 vec4 accumulators (the k taps
 * of row kh × 4 input channels, for its 4 output channels) and one for the bias: per pixel 1 + k vec4 loads
 * feed 16k multiply-adds (12 per load at k = 3). With `masked`, dy is multiplied by (y > 0) as it is loaded:
 * the fused ReLU's mask, without BatchLabReluMask's pass and tensor.
 * Then one barrier round for all accumulators: every lane writes its k · 4 + 1 vec4s to workgroup memory
 * (13,312 bytes at k = 3, inside the 16 KiB every WebGPU device has), one barrier, and each of the
 * 4 · (k · 4 + 1) sums is added over the 16 pixel lanes by one lane and written to the chunk's row of partial
 * sums (the layout of convFilterPartialsProgram.ts). A tree sum would take log₂ 64 barriers per accumulator.
 * Pass 2 is ConvFilterReduceProgram's 'both' target: the filter and the bias in one dispatch.
 * No early return (the barrier): workgroups past the last (a dispatch folded past 65,535) find no rows and
 * write nothing; every load outside the tensors is skipped, every store is bounds-checked. Sizes are
 * uniforms; k, the chunk length, the mask and which channel axes divide by 4 are baked in.
 * Holds only the shader body and dispatch geometry; src/gpu/convKernels.ts runs it.
 */
import { BatchLabProgram } from './batchLabProgram';
import {
  assertConvShape,
  filterGeometry,
  GUARANTEED_WORKGROUP_BYTES,
  STAGED_TILE,
  stagedFilterStorageBytes,
  type ConvShape,
  type ConvTiling,
  type FilterGeometry,
} from './convGeometry';
import { filterUniformValues } from './convFilterPartialsProgram';
import { alignedKey, componentsFor, i32Uniforms, rowLoad } from './wgslSnippets';

/** Output [partialRows, rowVec4s · 4]: one row of partial sums per chunk. */
export class ConvStagedFilterProgram extends BatchLabProgram {
  /** x [N, H, W, Cin], dy [N, H, W, Cout], and with `masked` y [N, H, W, Cout] (the forward's ReLU output). */
  variableNames: string[];
  variableComponents: number[];
  outputComponent = 4;
  /**
   * workgroups: the dispatch's bound; rows: N·H; height, width: H, W; inChannels, outChannels: Cin, Cout;
   * inBlocks, outBlocks, blocks, inChannelsPadded, rowVec4s, biasOffset: see filterGeometry; outTiles: Cout
   * blocks / 4 rounded up.
   */
  uniforms =
    'workgroups : i32, rows : i32, height : i32, width : i32, inChannels : i32, outChannels : i32, inBlocks : i32, outBlocks : i32, blocks : i32, inChannelsPadded : i32, rowVec4s : i32, biasOffset : i32, outTiles : i32,';
  readonly geometry: FilterGeometry;
  private readonly shape: ConvShape;
  private readonly rowsPerChunk: number;
  private readonly masked: boolean;

  constructor(shape: ConvShape, tiling: ConvTiling, masked: boolean) {
    assertConvShape(shape);
    if (!tiling.staged) throw new Error('the staged filter gradient needs a staged tiling');
    if (stagedFilterStorageBytes(shape.kernelSize) > GUARANTEED_WORKGROUP_BYTES) {
      throw new Error(`a ${shape.kernelSize}×${shape.kernelSize} kernel does not fit the staged sums`);
    }
    const geometry = filterGeometry(shape, tiling);
    super(
      [geometry.partialRows, geometry.rowVec4s * 4],
      `batchlab_conv_staged_filter_${tiling.rowsPerChunk}_${masked}_${shape.kernelSize}_${alignedKey(shape.inChannels, shape.outChannels)}`,
      { workgroups: geometry.workgroups },
      STAGED_TILE.invocations,
    );
    this.shape = shape;
    this.rowsPerChunk = tiling.rowsPerChunk;
    this.masked = masked;
    this.geometry = geometry;
    this.variableNames = masked ? ['x', 'dy', 'y'] : ['x', 'dy'];
    this.variableComponents = [componentsFor(shape.inChannels), componentsFor(shape.outChannels)];
    if (masked) this.variableComponents.push(componentsFor(shape.outChannels));
  }

  /** The uniform values, in the order of `uniforms`. */
  uniformData(): { type: string; data: number[] }[] {
    const g = this.geometry;
    const outTiles = Math.ceil(g.outBlocks / STAGED_TILE.filterOutBlocks);
    return i32Uniforms([...filterUniformValues(this.shape, g, g.workgroups), outTiles]);
  }

  getUserCode(): string {
    const { inChannels: cin, outChannels: cout, kernelSize: k } = this.shape;
    const u = 'uniforms';
    const L = STAGED_TILE.invocations;
    const OB = STAGED_TILE.filterOutBlocks;
    const pixelLanes = L / OB;
    const pad = (k - 1) / 2;
    const slots = 4 * k + 1;
    const range = (n: number) => Array.from({ length: n }, (_, i) => i);
    // Accumulator of tap (kh, kw), input lane j: slot kw · 4 + j; the bias: slot 4k.
    const accs = range(k).flatMap((kw) => range(4).map((j) => `a${kw}_${j}`));
    const maskedLoad = this.masked
      ? `d = select(vec4<f32>(0.0), d, loadY(at, ob * 4) > vec4<f32>(0.0));`
      : '';
    const xLoads = range(k)
      .map((kw) => {
        const iw = `w + ${kw - pad}`;
        return `var s${kw} = vec4<f32>(0.0);
              if (${iw} >= 0 && ${iw} < ${u}.width) { s${kw} = loadX(inRow + ${iw}, ib * 4); }`;
      })
      .join('\n              ');
    const products = range(k)
      .flatMap((kw) => range(4).map((j) => `a${kw}_${j} = a${kw}_${j} + s${kw}[${j}] * d;`))
      .join('\n              ');
    const parks = [...accs, 'bias'].map((a, slot) => `sums[${slot * L} + lane] = ${a};`).join('\n        ');

    return `
      ${rowLoad('loadX', 'x', cin % 4 === 0, `${u}.inChannels`)}
      ${rowLoad('loadDy', 'dy', cout % 4 === 0, `${u}.outChannels`)}
      ${this.masked ? rowLoad('loadY', 'y', cout % 4 === 0, `${u}.outChannels`) : ''}
      var<workgroup> sums : array<vec4<f32>, ${slots * L}>;

      fn main(index : i32) {
        let lane = index % ${L};
        let group = index / ${L};
        let block = group % ${u}.blocks;
        let chunk = group / ${u}.blocks;
        let ot = block % ${u}.outTiles;
        let ib = (block / ${u}.outTiles) % ${u}.inBlocks;
        let kh = block / (${u}.outTiles * ${u}.inBlocks);
        let ob = ot * ${OB} + lane % ${OB};
        let pixelLane = lane / ${OB};
        ${accs.map((a) => `var ${a} = vec4<f32>(0.0);`).join('\n        ')}
        var bias = vec4<f32>(0.0);
        // Workgroups past the last (a dispatch folded past 65,535) and lanes past Cout find nothing to sum.
        let live = group < ${u}.workgroups && ob < ${u}.outBlocks;
        let firstRow = chunk * ${this.rowsPerChunk};
        let lastRow = select(firstRow, min(firstRow + ${this.rowsPerChunk}, ${u}.rows), live);
        for (var nh = firstRow; nh < lastRow; nh = nh + 1) {
          let ih = nh % ${u}.height + kh - ${pad};
          let rowOk = ih >= 0 && ih < ${u}.height;
          let inRow = (nh + kh - ${pad}) * ${u}.width;
          for (var w = pixelLane; w < ${u}.width; w = w + ${pixelLanes}) {
            let at = nh * ${u}.width + w;
            var d = loadDy(at, ob * 4);
            ${maskedLoad}
            bias = bias + d;
            if (rowOk) {
              ${xLoads}
              ${products}
            }
          }
        }
        ${parks}
        workgroupBarrier();
        for (var t = lane; t < ${slots * OB}; t = t + ${L}) {
          let o = ot * ${OB} + t % ${OB};
          let slot = t / ${OB};
          var sum = vec4<f32>(0.0);
          for (var p = 0; p < ${pixelLanes}; p = p + 1) {
            sum = sum + sums[slot * ${L} + p * ${OB} + t % ${OB}];
          }
          // Slot kw · 4 + j is dW[kh][kw][ib·4 + j][o·4…]; slot 4k, the bias, is held by (kh 0, Cin block 0).
          let kw = slot / 4;
          let at = select(((kh * ${k} + kw) * ${u}.inChannelsPadded + ib * 4 + slot % 4) * ${u}.outBlocks + o,
                          ${u}.biasOffset + o, slot == ${slots - 1});
          let held = slot < ${slots - 1} || (kh == 0 && ib == 0);
          if (group < ${u}.workgroups && o < ${u}.outBlocks && held) {
            setOutputAtIndex(chunk * ${u}.rowVec4s + at, sum);
          }
        }
      }`;
  }
}
