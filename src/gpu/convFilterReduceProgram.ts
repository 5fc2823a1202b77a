/**
 * WGSL program, pass 2 of the filter gradient (see convFilterPartialsProgram.ts): adds up the rows of
 * partial sums that pass 1 wrote, into either the filter gradient [k, k, Cin, Cout] or the bias gradient
 * [Cout]. One invocation per 4 output elements (a vec4 of Cout), looping over the rows; the padding lanes
 * of Cin and Cout that pass 1 carried are dropped here.
 * Holds only the shader body and dispatch geometry; src/gpu/convKernels.ts runs it.
 */
import { webgpu_util, type WebGPUProgram } from '@tensorflow/tfjs-backend-webgpu';
import type { ConvShape, FilterGeometry } from './convGeometry';
import { componentsFor, rowStore } from './wgslSnippets';

export type FilterReduceTarget = 'filter' | 'bias';

export class ConvFilterReduceProgram implements WebGPUProgram {
  outputShape: number[];
  shaderKey: string;
  dispatchLayout: { x: number[] };
  dispatch: [number, number, number];
  /** partials: [rows, rowVec4s · 4] from pass 1, read as vec4s. */
  variableNames = ['partials'];
  variableComponents = [4];
  outputComponent: number;
  workgroupSize: [number, number, number] = [64, 1, 1];
  private readonly shape: ConvShape;
  private readonly geometry: FilterGeometry;
  private readonly target: FilterReduceTarget;
  /** The dispatch's bound; the kernel passes it as this uniform (the shader must read a uniform). */
  uniforms = 'invocations : i32,';
  /** Output rows (k·k·Cin for the filter, 1 for the bias) × Cout/4 vec4 blocks. */
  readonly invocations: number;

  constructor(shape: ConvShape, geometry: FilterGeometry, target: FilterReduceTarget) {
    this.shape = shape;
    this.geometry = geometry;
    this.target = target;
    const { kernelSize: k, inChannels: cin, outChannels: cout } = shape;
    this.outputShape = target === 'filter' ? [k, k, cin, cout] : [cout];
    this.outputComponent = componentsFor(cout);
    const rows = target === 'filter' ? k * k * cin : 1;
    this.invocations = rows * geometry.outBlocks;
    this.dispatchLayout = webgpu_util.flatDispatchLayout([this.invocations]);
    this.dispatch = webgpu_util.computeDispatch(this.dispatchLayout, [this.invocations], this.workgroupSize);
    this.shaderKey = `batchlab_conv_filter_reduce_${target}_${geometry.partialRows}_${geometry.rowVec4s}_${k}_${cin}_${cout}`;
  }

  getUserCode(): string {
    const { inChannels: cin, outChannels: cout } = this.shape;
    const g = this.geometry;
    // Where output row `row` (a (tap, ci) pair, or the bias) starts within a partial row.
    const rowStart =
      this.target === 'filter'
        ? `((row / ${cin}) * ${g.inChannelsPadded} + row % ${cin}) * ${g.outBlocks}`
        : `${g.biasOffsetVec4s}`;
    return `
      ${rowStore('storeOut', cout)}

      fn main(index : i32) {
        if (index >= uniforms.invocations) {
          return;
        }
        let ob = index % ${g.outBlocks};
        let row = index / ${g.outBlocks};
        let at = ${rowStart} + ob;
        var sum = vec4<f32>(0.0);
        for (var p = 0; p < ${g.partialRows}; p = p + 1) {
          sum = sum + partials[p * ${g.rowVec4s} + at];
        }
        storeOut(row, ob * 4, sum);
      }`;
  }
}
