/**
 * WGSL program: the stride-1 'same' convolution of convSameProgram.ts (same two directions, same math, same
 * NHWC layout and odd square kernel k), with its operands staged in workgroup memory for GPUs:
 * - 'forward':        y = relu?(conv(x, W) + bias), out = Cout channels;
 * - 'input-gradient': dx = conv(dy, W flipped in space, channel axes swapped), out = Cin channels. With
 *                     `masked`, dy is multiplied by (y > 0) as it is staged: the fused ReLU's mask is folded
 *                     into the loads, and BatchLabReluMask's pass and tensor are not needed.
 * A workgroup of STAGED_TILE.invocations (64) owns an output tile of 8 rows × 16 pixels × 16 channels. Per
 * round of 8 input channels it stages, with one invocation per vec4 (lanes along the channel blocks, then the
 * pixels, of a row: neighbouring lanes read neighbouring memory):
 * - the input tile with its halo, (8 + k − 1) × (16 + k − 1) pixels × 2 vec4s, zero outside the image;
 * - the filter block, k² taps × 8 input channels × 4 vec4s of output channels, zero past either axis,
 *   already in the direction's orientation (the input gradient's flipped tap and transposed block).
 * Then each invocation computes 4 adjacent pixels × 2 output vec4s from workgroup memory only: per kernel row
 * and staged channel block it reads 4 + k − 1 input vec4s and k · 2 filter 4×4 blocks (4 vec4s each) and does
 * k · 2 · 4 matrix-vector products: 384 multiply-adds for 30 vec4 loads at k = 3 (12.8 per load), 128 for
 * 12 at k = 1 (10.7). Two barriers per round. Workgroup memory: 10,368 bytes at k = 3 (4,608 at k = 1),
 * inside the 16 KiB every WebGPU device has, so no limit check can refuse it; k ≥ 5 would not fit and is
 * refused.
 * Why these sizes: 64 invocations is tfjs's own default workgroup and a multiple of every GPU's SIMD width;
 * 8 × 16 pixels keep the halo at 1.4× the tile (a 1-row strip would read 3×); 16 output channels are the
 * U-Net's narrowest conv width, so its first level wastes no lanes; 2 × 4 outputs per invocation keep
 * 8 vec4 accumulators in registers (the multiply-adds per load above) without spilling; 8 channels per round
 * halve the barriers against 4 and still fit 16 KiB.
 * The workgroup's invocations run every barrier together: no early return (a dispatch folded past 65,535
 * workgroups adds workgroups past the last image; they stage zeros and write nothing), every load outside the
 * tensors is skipped, every store is bounds-checked. Sizes are uniforms; k, the direction, ReLU, the mask and
 * which channel axes divide by 4 are baked in (one pipeline per kind of conv).
 * Holds only the shader body and dispatch geometry; src/gpu/convKernels.ts runs it.
 */
import { BatchLabProgram } from './batchLabProgram';
import {
  assertConvShape,
  GUARANTEED_WORKGROUP_BYTES,
  STAGED_TILE,
  stagedGeometry,
  srcDstChannels,
  type ConvShape,
  type StagedGeometry,
} from './convGeometry';
import type { ConvSameMode } from './convSameProgram';
import { alignedKey, componentsFor, i32Uniforms, rowLoad, rowStore } from './wgslSnippets';

export class ConvStagedProgram extends BatchLabProgram {
  /**
   * forward: src = x [N, H, W, Cin], W = filter [k, k, Cin, Cout], bias [Cout].
   * input-gradient: src = dy [N, H, W, Cout], W = filter, and with `masked` y [N, H, W, Cout] (the forward's
   * ReLU output).
   */
  variableNames: string[];
  /** vec4 bindings for channel axes that are multiples of 4, scalars otherwise (see wgslSnippets.ts). */
  variableComponents: number[];
  outputComponent: number;
  /**
   * workgroups: the dispatch's bound; batch, height, width: N, H, W; srcChannels, dstChannels: channels read
   * and written; inChannels, outChannels: the filter's Cin and Cout; outBlocks: dstChannels / 4 rounded up;
   * outTiles, rowTiles, colTiles: see stagedGeometry.
   */
  uniforms =
    'workgroups : i32, batch : i32, height : i32, width : i32, srcChannels : i32, dstChannels : i32, inChannels : i32, outChannels : i32, outBlocks : i32, outTiles : i32, rowTiles : i32, colTiles : i32,';
  readonly geometry: StagedGeometry;

  /**
   * @param shape the convolution, forward direction; @param relu fuse max(0, ·) (forward only);
   * @param masked multiply dy by (y > 0) while staging it (input gradient only).
   */
  constructor(
    private readonly shape: ConvShape,
    private readonly mode: ConvSameMode,
    private readonly relu: boolean,
    private readonly masked: boolean,
  ) {
    assertConvShape(shape);
    const forward = mode === 'forward';
    if (relu && !forward) throw new Error('ReLU is fused into the forward direction only');
    if (masked && forward) throw new Error('the ReLU mask is folded into the input gradient only');
    const { batch, heightPx, widthPx, outChannels, kernelSize } = shape;
    const [srcChannels, dstChannels] = srcDstChannels(shape, forward);
    const geometry = stagedGeometry(shape, dstChannels);
    if (geometry.storageBytes > GUARANTEED_WORKGROUP_BYTES) {
      throw new Error(`a ${kernelSize}×${kernelSize} kernel does not fit the staged tiles' workgroup memory`);
    }
    const aligned = alignedKey(srcChannels, outChannels, dstChannels);
    super(
      [batch, heightPx, widthPx, dstChannels],
      `batchlab_conv_staged_${mode}_${relu}_${masked}_${kernelSize}_${aligned}`,
      { workgroups: geometry.workgroups },
      STAGED_TILE.invocations,
    );
    this.geometry = geometry;
    this.variableNames = forward ? ['src', 'W', 'bias'] : masked ? ['src', 'W', 'y'] : ['src', 'W'];
    this.variableComponents = [componentsFor(srcChannels), componentsFor(outChannels)];
    if (forward) this.variableComponents.push(componentsFor(outChannels));
    if (masked) this.variableComponents.push(componentsFor(srcChannels));
    this.outputComponent = componentsFor(dstChannels);
  }

  /** The uniform values, in the order of `uniforms`. */
  uniformData(): { type: string; data: number[] }[] {
    const { batch, heightPx, widthPx, inChannels, outChannels } = this.shape;
    const channels = [...srcDstChannels(this.shape, this.mode === 'forward'), inChannels, outChannels];
    const { workgroups, outBlocks, outTiles, rowTiles, colTiles } = this.geometry;
    return i32Uniforms([
      workgroups,
      batch,
      heightPx,
      widthPx,
      ...channels,
      outBlocks,
      outTiles,
      rowTiles,
      colTiles,
    ]);
  }

  getUserCode(): string {
    const { outChannels: cout, kernelSize: k } = this.shape;
    const forward = this.mode === 'forward';
    const [srcChannels, dstChannels] = srcDstChannels(this.shape, forward);
    const T = STAGED_TILE;
    const [P, O, CB] = [T.pixelsPerInvocation, T.outBlocksPerInvocation, T.channelBlocksPerRound];
    const pad = (k - 1) / 2;
    const tileW = T.pixels + k - 1;
    const srcVec4s = (T.rows + k - 1) * tileW * CB;
    const filterVec4s = k * k * CB * 4 * T.outBlocks;
    const range = (n: number) => Array.from({ length: n }, (_, i) => i);
    const u = 'uniforms';

    // Filter staging, element e = ((tap · CB + cb) · 4 + j) · outBlocks + ob: column j of the 4×4 block that
    // maps staged channel block cb to output block ob. Forward: W[tap][c + j][o·4…] (a column of m in m · s);
    // input gradient: W[k² − 1 − tap][o·4 + j][c…] (a column of m in s · m, the transposed block).
    const filterRow = forward
      ? `tap * ${u}.inChannels + c + j`
      : `(${k * k - 1} - tap) * ${u}.inChannels + o * 4 + j`;
    const filterCol = forward ? `o * 4` : `c`;
    const filterOk = forward
      ? `c + j < ${u}.srcChannels && o < ${u}.outBlocks`
      : `o * 4 + j < ${u}.dstChannels && c < ${u}.srcChannels`;
    const maskedLoad = this.masked ? `v = select(vec4<f32>(0.0), v, loadY(at, c) > vec4<f32>(0.0));` : '';

    const loads = range(P + k - 1)
      .map((i) => `let s${i} = tileSrc[base + ${i * CB}];`)
      .join('\n            ');
    const products = range(k)
      .flatMap((kw) =>
        range(O).map((q) => {
          const wb = `((kh * ${k} + ${kw}) * ${CB} + cb) * ${4 * T.outBlocks} + og * ${O} + ${q}`;
          const columns = range(4).map((j) => `tileW[wb${kw}_${q} + ${j * T.outBlocks}]`);
          const mac = (r: number) => {
            const product = forward ? `m${kw}_${q} * s${r + kw}` : `s${r + kw} * m${kw}_${q}`;
            return `acc${r}_${q} = acc${r}_${q} + ${product};`;
          };
          return `let wb${kw}_${q} = ${wb};
            let m${kw}_${q} = mat4x4<f32>(${columns.join(', ')});
            ${range(P).map(mac).join('\n            ')}`;
        }),
      )
      .join('\n            ');
    const activation = (v: string) => (this.relu ? `max(${v}, vec4<f32>(0.0))` : v);
    const stores = range(O)
      .flatMap((q) =>
        range(P).map((r) => {
          const value = forward ? `acc${r}_${q} + loadBias(0, o${q} * 4)` : `acc${r}_${q}`;
          return `if (live && h < ${u}.height && w0 + ${r} < ${u}.width && o${q} < ${u}.outBlocks) {
          storeDst(outRow + w0 + ${r}, o${q} * 4, ${activation(value)});
        }`;
        }),
      )
      .join('\n        ');

    return `
      ${rowLoad('loadSrc', 'src', srcChannels % 4 === 0, `${u}.srcChannels`)}
      ${this.masked ? rowLoad('loadY', 'y', srcChannels % 4 === 0, `${u}.srcChannels`) : ''}
      ${rowLoad('loadW', 'W', cout % 4 === 0, `${u}.outChannels`)}
      ${forward ? rowLoad('loadBias', 'bias', cout % 4 === 0, `${u}.outChannels`) : ''}
      ${rowStore('storeDst', dstChannels % 4 === 0, `${u}.dstChannels`)}
      var<workgroup> tileSrc : array<vec4<f32>, ${srcVec4s}>;
      var<workgroup> tileW : array<vec4<f32>, ${filterVec4s}>;

      fn main(index : i32) {
        let lane = index % ${T.invocations};
        let group = index / ${T.invocations};
        let ot = group % ${u}.outTiles;
        let ct = (group / ${u}.outTiles) % ${u}.colTiles;
        let rt = (group / (${u}.outTiles * ${u}.colTiles)) % ${u}.rowTiles;
        let n = group / (${u}.outTiles * ${u}.colTiles * ${u}.rowTiles);
        // Workgroups past the last image (a dispatch folded past 65,535) stage zeros and store nothing.
        let live = n < ${u}.batch;
        let h0 = rt * ${T.rows};
        let wTile = ct * ${T.pixels};
        let oTile = ot * ${T.outBlocks};
        // This invocation: output blocks og · ${O}…, pixels pg · ${P}…, tile row rr.
        let og = lane % ${T.outBlocks / O};
        let pg = (lane / ${T.outBlocks / O}) % ${T.pixels / P};
        let rr = lane / ${(T.outBlocks / O) * (T.pixels / P)};
        ${range(P)
          .flatMap((r) => range(O).map((q) => `var acc${r}_${q} = vec4<f32>(0.0);`))
          .join('\n        ')}
        for (var c0 = 0; c0 < ${u}.srcChannels; c0 = c0 + ${4 * CB}) {
          for (var e = lane; e < ${srcVec4s}; e = e + ${T.invocations}) {
            let cb = e % ${CB};
            let ih = h0 + e / ${CB * tileW} - ${pad};
            let iw = wTile + (e / ${CB}) % ${tileW} - ${pad};
            let c = c0 + cb * 4;
            var v = vec4<f32>(0.0);
            if (live && ih >= 0 && ih < ${u}.height && iw >= 0 && iw < ${u}.width && c < ${u}.srcChannels) {
              let at = (n * ${u}.height + ih) * ${u}.width + iw;
              v = loadSrc(at, c);
              ${maskedLoad}
            }
            tileSrc[e] = v;
          }
          for (var e = lane; e < ${filterVec4s}; e = e + ${T.invocations}) {
            let o = oTile + e % ${T.outBlocks};
            let j = (e / ${T.outBlocks}) % 4;
            let c = c0 + ((e / ${4 * T.outBlocks}) % ${CB}) * 4;
            let tap = e / ${4 * T.outBlocks * CB};
            var v = vec4<f32>(0.0);
            if (${filterOk}) {
              v = loadW(${filterRow}, ${filterCol});
            }
            tileW[e] = v;
          }
          workgroupBarrier();
          for (var cb = 0; cb < ${CB}; cb = cb + 1) {
            for (var kh = 0; kh < ${k}; kh = kh + 1) {
              let base = ((rr + kh) * ${tileW} + pg * ${P}) * ${CB} + cb;
              ${loads}
              ${products}
            }
          }
          workgroupBarrier();
        }
        let h = h0 + rr;
        let w0 = wTile + pg * ${P};
        let outRow = (n * ${u}.height + h) * ${u}.width;
        ${range(O)
          .map((q) => `let o${q} = oTile + og * ${O} + ${q};`)
          .join('\n        ')}
        ${stores}
      }`;
  }
}
