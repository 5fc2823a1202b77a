/**
 * WGSL program: BatchLab's fused SGD update for one variable, value' = (−lr)·g + value, in one kernel
 * where tfjs's SGDOptimizer spends two (Multiply, Add); same order and float32 rounding. One invocation per
 * vec4 when the element count divides by 4, else per element. Holds only the shader body and dispatch
 * geometry; src/gpu/optimizerKernels.ts runs it.
 */
import { webgpu_util, type WebGPUProgram } from '@tensorflow/tfjs-backend-webgpu';
import { componentsFor } from './wgslSnippets';

export class SgdProgram implements WebGPUProgram {
  outputShape: number[];
  shaderKey: string;
  dispatchLayout: { x: number[] };
  dispatch: [number, number, number];
  /** value and grad: the variable and its gradient, same shape. */
  variableNames = ['value', 'grad'];
  outputComponent: number;
  workgroupSize: [number, number, number] = [64, 1, 1];
  size = true;
  /** negLr: −learning rate. */
  uniforms = 'negLr : f32,';

  /** @param elements the variable's element count (it is run on flat views, so one pipeline serves all). */
  constructor(elements: number) {
    this.outputShape = [elements];
    this.outputComponent = componentsFor(elements);
    const invocations = elements / this.outputComponent;
    this.dispatchLayout = webgpu_util.flatDispatchLayout([invocations]);
    this.dispatch = webgpu_util.computeDispatch(this.dispatchLayout, [invocations], this.workgroupSize);
    this.shaderKey = `batchlab_sgd_${this.outputComponent}`;
  }

  getUserCode(): string {
    return `
      fn main(index : i32) {
        if (index < uniforms.size) {
          setOutputAtIndex(index, uniforms.negLr * grad[index] + value[index]);
        }
      }`;
  }
}
