/**
 * WGSL program: the gradient through a fused ReLU, dy where y > 0 else 0, from the ReLU's output y (the
 * forward kept it). One invocation per vec4 when the element count divides by 4, else per element.
 * Holds only the shader body and dispatch geometry; src/gpu/convKernels.ts runs it.
 */
import { webgpu_util, type WebGPUProgram } from '@tensorflow/tfjs-backend-webgpu';

export class ReluMaskProgram implements WebGPUProgram {
  outputShape: number[];
  shaderKey: string;
  dispatchLayout: { x: number[] };
  dispatch: [number, number, number];
  /** dy: the gradient wrt the ReLU's output; y: that output. Same shape. */
  variableNames = ['dy', 'y'];
  outputComponent: number;
  workgroupSize: [number, number, number] = [64, 1, 1];
  size = true;

  constructor(shape: number[]) {
    this.outputShape = shape;
    const elements = shape.reduce((a, b) => a * b, 1);
    this.outputComponent = elements % 4 === 0 ? 4 : 1;
    const invocations = elements / this.outputComponent;
    this.dispatchLayout = webgpu_util.flatDispatchLayout([invocations]);
    this.dispatch = webgpu_util.computeDispatch(this.dispatchLayout, [invocations], this.workgroupSize);
    this.shaderKey = `batchlab_relu_mask_${this.outputComponent}`;
  }

  getUserCode(): string {
    const t = this.outputComponent === 4 ? 'vec4<f32>' : 'f32';
    return `
      fn main(index : i32) {
        if (index < uniforms.size) {
          setOutputAtIndex(index, select(${t}(0.0), dy[index], y[index] > ${t}(0.0)));
        }
      }`;
  }
}
