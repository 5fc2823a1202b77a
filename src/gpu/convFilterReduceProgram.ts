/**
 * WGSL program, pass 2 of the filter gradient (see convFilterPartialsProgram.ts): adds up the rows of
 * partial sums that pass 1 wrote, into the filter gradient [k, k, Cin, Cout], the bias gradient [Cout], or
 * both in one dispatch ('both': [k·k·Cin + 1, Cout], the filter's rows then the bias's, cut apart by
 * src/gpu/cutRows.ts; tfjs's programs have a single output). One invocation per 4 output elements (a vec4
 * of Cout), looping over the rows; the padding lanes of Cin and Cout that pass 1 carried are dropped here.
 * Unlike the other conv programs, its sizes are uniforms, not constants: it is cheap to run and one
 * pipeline then serves every conv of a model (two per target: Cout a multiple of 4 or not), which saves
 * compilation on the first step (seconds on a software adapter).
 * Holds only the shader body and dispatch geometry; src/gpu/convKernels.ts runs it.
 */
import { BatchLabProgram } from './batchLabProgram';
import type { ConvShape, FilterGeometry } from './convGeometry';
import { componentsFor, i32Uniforms } from './wgslSnippets';

export type FilterReduceTarget = 'filter' | 'bias' | 'both';

export class ConvFilterReduceProgram extends BatchLabProgram {
  /** partials: [rows, rowVec4s · 4] from pass 1, read as vec4s. */
  variableNames = ['partials'];
  variableComponents = [4];
  outputComponent: number;
  /**
   * invocations: output rows (k·k·Cin for the filter, 1 for the bias) × Cout/4; partialRows and rowVec4s:
   * pass 1's geometry; rowOffset: the bias's offset in a partial row (bias target);
   * inChannels, inChannelsPadded, outBlocks, outChannels: to find a filter row and drop the padding.
   */
  uniforms =
    'invocations : i32, partialRows : i32, rowVec4s : i32, rowOffset : i32, inChannels : i32, inChannelsPadded : i32, outBlocks : i32, outChannels : i32,';
  readonly invocations: number;

  constructor(
    private readonly shape: ConvShape,
    private readonly geometry: FilterGeometry,
    private readonly target: FilterReduceTarget,
  ) {
    const { kernelSize: k, inChannels: cin, outChannels: cout } = shape;
    const filterRows = k * k * cin;
    const outputShape = { filter: [k, k, cin, cout], bias: [cout], both: [filterRows + 1, cout] }[target];
    const invocations = { filter: filterRows, bias: 1, both: filterRows + 1 }[target] * geometry.outBlocks;
    super(outputShape, `batchlab_conv_filter_reduce_${target}_${componentsFor(cout)}`, { invocations });
    this.outputComponent = componentsFor(cout);
    this.invocations = invocations;
  }

  /** The uniform values, in the order of `uniforms`. */
  uniformData(): { type: string; data: number[] }[] {
    const g = this.geometry;
    return i32Uniforms([
      this.invocations,
      g.partialRows,
      g.rowVec4s,
      g.biasOffsetVec4s,
      this.shape.inChannels,
      g.inChannelsPadded,
      g.outBlocks,
      this.shape.outChannels,
    ]);
  }

  getUserCode(): string {
    // Where output row `row` (a (tap, ci) pair, or the bias: the last row of 'both') starts in a partial row.
    const filterStart = `((row / uniforms.inChannels) * uniforms.inChannelsPadded + row % uniforms.inChannels) * uniforms.outBlocks`;
    const rowStart = {
      filter: filterStart,
      bias: `uniforms.rowOffset`,
      both: `select(${filterStart}, uniforms.rowOffset, row == uniforms.invocations / uniforms.outBlocks - 1)`,
    }[this.target];
    const store =
      this.outputComponent === 4
        ? `setOutputAtIndex(index, sum);`
        : `for (var j = 0; j < 4; j = j + 1) {
            if (ob * 4 + j < uniforms.outChannels) {
              setOutputAtIndex(row * uniforms.outChannels + ob * 4 + j, sum[j]);
            }
          }`;
    return `
      fn main(index : i32) {
        if (index >= uniforms.invocations) {
          return;
        }
        let ob = index % uniforms.outBlocks;
        let row = index / uniforms.outBlocks;
        let at = ${rowStart} + ob;
        var sum = vec4<f32>(0.0);
        for (var p = 0; p < uniforms.partialRows; p = p + 1) {
          sum = sum + partials[p * uniforms.rowVec4s + at];
        }
        ${store}
      }`;
  }
}
