/**
 * What every BatchLab WGSL program (src/gpu/*Program.ts) hands tfjs's WebGPU backend besides its shader
 * body: the output shape, the pipeline key, and a one-dimensional dispatch along x of 1-D workgroups.
 */
import { webgpu_util, type WebGPUProgram } from '@tensorflow/tfjs-backend-webgpu';

export abstract class BatchLabProgram implements WebGPUProgram {
  dispatchLayout: { x: number[] };
  dispatch: [number, number, number];
  workgroupSize: [number, number, number];
  abstract variableNames: string[];

  /**
   * @param run `{ invocations }`: tfjs's flat dispatch of that many invocations, laid out over
   * [invocations], or over the output's axes with `overOutput`; `{ workgroups }`: that many workgroups, laid
   * out over the output's axes (the program finds its coordinates from the index itself).
   * @param workgroupSize invocations per workgroup.
   */
  protected constructor(
    public outputShape: number[],
    public shaderKey: string,
    run: { invocations: number; overOutput?: boolean } | { workgroups: number },
    workgroupSize = 64,
  ) {
    const flat = webgpu_util.flatDispatchLayout;
    this.workgroupSize = [workgroupSize, 1, 1];
    if ('workgroups' in run) {
      this.dispatchLayout = flat(outputShape);
      this.dispatch = [run.workgroups, 1, 1];
    } else {
      const n = run.invocations;
      this.dispatchLayout = flat(run.overOutput ? outputShape : [n]);
      this.dispatch = webgpu_util.computeDispatch(flat([n]), [n], this.workgroupSize);
    }
  }

  abstract getUserCode(): string;
}
