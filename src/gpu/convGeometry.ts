/**
 * Pure geometry of BatchLab's own convolution programs (convSameProgram.ts, convFilterPartialsProgram.ts,
 * convFilterReduceProgram.ts): what one invocation computes, how many invocations a dispatch needs, and the
 * tiling constants. Plain numbers, no tfjs, no device, so the dispatch math is unit-tested on its own.
 *
 * The convolution is NHWC, stride 1, 'same' zero padding, an odd square kernel k (3×3 and the 1×1 head),
 * filter [k, k, Cin, Cout]. Channels are handled four at a time (vec4); a channel count that is not a
 * multiple of 4 is padded with zeros inside the program (masked loads), never in memory.
 */

/** Shape of one convolution, in the forward direction. */
export interface ConvShape {
  batch: number;
  heightPx: number;
  widthPx: number;
  inChannels: number;
  outChannels: number;
  /** Odd square kernel side (1 or 3 in the U-Net). */
  kernelSize: number;
}

/**
 * Tiling of the programs, chosen per adapter by src/engine/convChoice.ts.
 * SOFTWARE_TILING was measured on SwiftShader: Dawn 0.6.2 in Node on 2 shared Xeon cores, every conv of the
 * bench's U-Net (32 px, batch 4), kernel ms of each direction with the candidates interleaved. 8 pixels per
 * invocation ran the forward and input gradient 30–40 % faster than 4 (2: twice as slow; 16: no clear gain
 * for 4–6× the compile time, and compile time is most of a first step here); 4 rows per filter chunk
 * ~20 % faster than 1; workgroup sizes 32–128 within noise; the workgroup-memory reduction of the filter
 * gradient ~7× slower (every barrier is a fiber switch on a CPU). docs/PERFORMANCE.md has the run.
 * GPU_TILING is not measured: no machine with a GPU was available. It follows the usual shape of such
 * kernels on GPUs (more, smaller invocations; the filter gradient summed in workgroup memory); case g of
 * `npm run bench -- --node` on a GPU machine measures it against tfjs's kernels. GPU_SHARED_TILING (below)
 * stages tiles in workgroup memory; it is not measured on a GPU either. OWN_TILINGS lists them all.
 */
export interface ConvTiling {
  /** Adjacent output pixels along a row that one invocation computes (forward and input gradient). */
  pixelsPerInvocation: number;
  /** Invocations per workgroup of the forward and input-gradient programs (flat). */
  workgroupSize: number;
  /** Filter gradient, pass 1: image rows (n, h) that one reduction chunk covers. */
  rowsPerChunk: number;
  /** Filter gradient, pass 1: pixels along a row loaded together per inner iteration. */
  filterPixelsPerStep: number;
  /**
   * Filter gradient, pass 1: invocations per workgroup. With workgroupReduce, the workgroup's invocations
   * each take one chunk of the same 4×4 filter block, and sum their results in workgroup memory, so one
   * partial per workgroup reaches pass 2; without, every invocation writes its own partial.
   */
  filterWorkgroupSize: number;
  workgroupReduce: boolean;
  /**
   * Run the programs that stage tiles in workgroup memory (convStagedProgram.ts, convStagedFilterProgram.ts)
   * with the tile shapes of STAGED_TILE; absent or false: the register-only programs above.
   */
  staged?: boolean;
}

export const SOFTWARE_TILING: ConvTiling = {
  pixelsPerInvocation: 8,
  workgroupSize: 64,
  rowsPerChunk: 4,
  filterPixelsPerStep: 4,
  filterWorkgroupSize: 64,
  workgroupReduce: false,
};

export const GPU_TILING: ConvTiling = {
  pixelsPerInvocation: 2,
  workgroupSize: 64,
  rowsPerChunk: 1,
  filterPixelsPerStep: 2,
  filterWorkgroupSize: 64,
  workgroupReduce: true,
};

/**
 * Staged in workgroup memory (convStagedProgram.ts, convStagedFilterProgram.ts; their headers say why each
 * size). Not measured: no machine with a GPU was available. pixelsPerInvocation, workgroupSize and
 * filterWorkgroupSize restate STAGED_TILE's; rowsPerChunk is the filter gradient's rows per workgroup;
 * workgroupReduce: its sums meet in workgroup memory (stagedFilterStorageBytes, not reduceStorageBytes);
 * filterPixelsPerStep is not read (the lanes walk the row).
 */
export const GPU_SHARED_TILING: ConvTiling = {
  pixelsPerInvocation: 4,
  workgroupSize: 64,
  rowsPerChunk: 4,
  filterPixelsPerStep: 1,
  filterWorkgroupSize: 64,
  workgroupReduce: true,
  staged: true,
};

/** Every tiling of the own kernels, by name: the candidates a measured choice times against tfjs's kernels. */
export const OWN_TILINGS: Readonly<Record<string, ConvTiling>> = {
  software: SOFTWARE_TILING,
  gpu: GPU_TILING,
  gpuNoReduce: { ...GPU_TILING, workgroupReduce: false },
  gpuShared: GPU_SHARED_TILING,
};

/**
 * Tile shapes of the staged programs. Forward and input gradient: a workgroup of `invocations` computes
 * `rows` × `pixels` output pixels × `outBlocks` vec4s of output channels; one invocation computes
 * `pixelsPerInvocation` adjacent pixels × `outBlocksPerInvocation` vec4s; each barrier round stages
 * `channelBlocksPerRound` vec4s of input channels. Filter gradient: the workgroup's lanes are
 * `filterOutBlocks` Cout blocks (fastest) × invocations / filterOutBlocks pixels of a row.
 */
export const STAGED_TILE = {
  invocations: 64,
  rows: 8,
  pixels: 16,
  outBlocks: 4,
  pixelsPerInvocation: 4,
  outBlocksPerInvocation: 2,
  channelBlocksPerRound: 2,
  filterOutBlocks: 4,
} as const;

/** WebGPU's guaranteed workgroup memory: the staged programs stay within it on every device. */
export const GUARANTEED_WORKGROUP_BYTES = 16384;

/** Forward and input gradient, staged: the dispatch (`outChannels` is the direction's output axis). */
export interface StagedGeometry {
  outBlocks: number;
  /** Tiles along Cout/4 (or Cin/4), H and W. */
  outTiles: number;
  rowTiles: number;
  colTiles: number;
  workgroups: number;
  /** Workgroup memory: the input tile with its halo, then the filter block, of one round. */
  storageBytes: number;
}

export function stagedGeometry(
  s: Pick<ConvShape, 'batch' | 'heightPx' | 'widthPx' | 'kernelSize'>,
  outChannels: number,
): StagedGeometry {
  const t = STAGED_TILE;
  const outBlocks = channelBlocks(outChannels);
  const outTiles = Math.ceil(outBlocks / t.outBlocks);
  const rowTiles = Math.ceil(s.heightPx / t.rows);
  const colTiles = Math.ceil(s.widthPx / t.pixels);
  const halo = s.kernelSize - 1;
  const srcVec4s = (t.rows + halo) * (t.pixels + halo) * t.channelBlocksPerRound;
  const filterVec4s = s.kernelSize ** 2 * t.channelBlocksPerRound * 4 * t.outBlocks;
  return {
    outBlocks,
    outTiles,
    rowTiles,
    colTiles,
    workgroups: s.batch * rowTiles * colTiles * outTiles,
    storageBytes: (srcVec4s + filterVec4s) * 16,
  };
}

/** Workgroup memory of the staged filter gradient: every lane's k·4 + 1 accumulators, one vec4 each. */
export const stagedFilterStorageBytes = (kernelSize: number): number =>
  STAGED_TILE.invocations * (4 * kernelSize + 1) * 16;

/** ⌈n / 4⌉: vec4 blocks of a channel axis. */
export const channelBlocks = (channels: number): number => Math.ceil(channels / 4);

export function assertConvShape(s: ConvShape): void {
  const dims = [s.batch, s.heightPx, s.widthPx, s.inChannels, s.outChannels, s.kernelSize];
  if (!dims.every((d) => Number.isInteger(d) && d > 0)) {
    throw new Error(`conv shape needs positive integers, got ${JSON.stringify(s)}`);
  }
  if (s.kernelSize % 2 !== 1) throw new Error(`'same' conv needs an odd kernel, got ${s.kernelSize}`);
}

/**
 * Forward and input gradient (convSameProgram.ts): one invocation writes `pixels` adjacent outputs of one
 * row × 4 output channels. `outChannels` is the program's output axis: Cout forward, Cin for the input
 * gradient.
 */
export interface SameGeometry {
  /** Output channel blocks (vec4) per pixel. */
  outBlocks: number;
  /** Pixel blocks per row. */
  rowBlocks: number;
  /** Invocations the dispatch must cover: N · H · rowBlocks · outBlocks. */
  invocations: number;
  /** Workgroups of `workgroupSize` invocations. */
  workgroups: number;
}

export function sameGeometry(
  s: Pick<ConvShape, 'batch' | 'heightPx' | 'widthPx'>,
  outChannels: number,
  pixels: number,
  workgroupSize: number,
): SameGeometry {
  const outBlocks = channelBlocks(outChannels);
  const rowBlocks = Math.ceil(s.widthPx / pixels);
  const invocations = s.batch * s.heightPx * rowBlocks * outBlocks;
  return { outBlocks, rowBlocks, invocations, workgroups: Math.ceil(invocations / workgroupSize) };
}

/**
 * Filter gradient: pass 1 (convFilterPartialsProgram.ts) splits the N·H image rows into chunks of
 * `rowsPerChunk`; each invocation sums one chunk for one 4 (Cin) × 4 (Cout) block of the k taps of one
 * kernel row, plus the bias gradient of its 4 Cout when it holds the first kernel row and Cin block. Its partial sums land in a buffer of
 * `partialRows` rows (one per chunk, or per workgroup with workgroupReduce) × `rowVec4s` vec4s; pass 2
 * (convFilterReduceProgram.ts) sums the rows.
 */
export interface FilterGeometry {
  /** Reduction chunks over the N·H rows. */
  chunks: number;
  inBlocks: number;
  outBlocks: number;
  /** Taps k². */
  taps: number;
  /**
   * Filter blocks one chunk is split into: k kernel rows × inBlocks × outBlocks (staged: × ⌈outBlocks /
   * STAGED_TILE.filterOutBlocks⌉, one workgroup each).
   */
  blocks: number;
  /** Cin padded to a multiple of 4. */
  inChannelsPadded: number;
  /** vec4s per partial row: taps · Cin(padded) · Cout/4 of filter, then Cout/4 of bias. */
  rowVec4s: number;
  /** Offset (vec4s) of the bias part within a partial row. */
  biasOffsetVec4s: number;
  /** Chunks a workgroup takes (1 without workgroupReduce). */
  chunksPerWorkgroup: number;
  /** Rows of partial sums pass 2 adds up. */
  partialRows: number;
  /** Pass-1 invocations: chunk slots × blocks. */
  invocations: number;
  workgroups: number;
}

export function filterGeometry(s: ConvShape, tiling: ConvTiling): FilterGeometry {
  const rows = s.batch * s.heightPx;
  const chunks = Math.ceil(rows / tiling.rowsPerChunk);
  const inBlocks = channelBlocks(s.inChannels);
  const outBlocks = channelBlocks(s.outChannels);
  const taps = s.kernelSize * s.kernelSize;
  const inChannelsPadded = inBlocks * 4;
  const biasOffsetVec4s = taps * inChannelsPadded * outBlocks;
  const rowVec4s = biasOffsetVec4s + outBlocks;
  const blocks = s.kernelSize * inBlocks * outBlocks;
  const sizes = { chunks, inBlocks, outBlocks, taps, blocks, inChannelsPadded, rowVec4s, biasOffsetVec4s };
  const rowPerChunk = { chunksPerWorkgroup: 1, partialRows: chunks };
  if (tiling.staged) {
    // One workgroup per (chunk, kernel row, Cin block, STAGED_TILE.filterOutBlocks Cout blocks).
    const stagedBlocks = s.kernelSize * inBlocks * Math.ceil(outBlocks / STAGED_TILE.filterOutBlocks);
    const workgroups = chunks * stagedBlocks;
    const invocations = workgroups * STAGED_TILE.invocations;
    return { ...sizes, blocks: stagedBlocks, ...rowPerChunk, invocations, workgroups };
  }
  if (tiling.workgroupReduce) {
    // One workgroup per (chunk group, block): its invocations take consecutive chunks of one block.
    const chunksPerWorkgroup = tiling.filterWorkgroupSize;
    const partialRows = Math.ceil(chunks / chunksPerWorkgroup);
    const workgroups = partialRows * blocks;
    const invocations = workgroups * chunksPerWorkgroup;
    return { ...sizes, chunksPerWorkgroup, partialRows, invocations, workgroups };
  }
  const invocations = chunks * blocks;
  const workgroups = Math.ceil(invocations / tiling.filterWorkgroupSize);
  return { ...sizes, ...rowPerChunk, invocations, workgroups };
}

/** The channels a direction reads and writes: [Cin, Cout] forward, [Cout, Cin] for the input gradient. */
export const srcDstChannels = (s: ConvShape, forward: boolean): [number, number] =>
  forward ? [s.inChannels, s.outChannels] : [s.outChannels, s.inChannels];

/** Multiply-adds of one conv's forward product (zero padding included, as the programs compute it). */
export const convMacs = (s: ConvShape): number =>
  s.batch * s.heightPx * s.widthPx * s.kernelSize * s.kernelSize * s.inChannels * s.outChannels;
