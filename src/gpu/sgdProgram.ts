/**
 * WGSL program: BatchLab's fused SGD update for one variable, value' = (−lr)·g + value, in one kernel
 * where tfjs's SGDOptimizer spends two (Multiply, Add); same order and float32 rounding. One invocation per
 * vec4 when the element count divides by 4, else per element. Holds only the shader body and dispatch
 * geometry; src/gpu/optimizerKernels.ts runs it.
 */
import { BatchLabProgram } from './batchLabProgram';
import { componentsFor } from './wgslSnippets';

export class SgdProgram extends BatchLabProgram {
  /** value and grad: the variable and its gradient, same shape. */
  variableNames = ['value', 'grad'];
  outputComponent: number;
  size = true;
  /** negLr: −learning rate. */
  uniforms = 'negLr : f32,';

  /** @param elements the variable's element count (it is run on flat views, so one pipeline serves all). */
  constructor(elements: number) {
    const components = componentsFor(elements);
    super([elements], `batchlab_sgd_${components}`, { invocations: elements / components });
    this.outputComponent = components;
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
