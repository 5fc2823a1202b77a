/**
 * WGSL program: the gradient through a fused ReLU, dy where y > 0 else 0, from the ReLU's output y (the
 * forward kept it). One invocation per vec4 when the element count divides by 4, else per element.
 * Holds only the shader body and dispatch geometry; src/gpu/convKernels.ts runs it.
 */
import { BatchLabProgram } from './batchLabProgram';
import { componentsFor } from './wgslSnippets';

export class ReluMaskProgram extends BatchLabProgram {
  /** dy: the gradient wrt the ReLU's output; y: that output. Same shape. */
  variableNames = ['dy', 'y'];
  outputComponent: number;
  size = true;

  constructor(shape: number[]) {
    const elements = shape.reduce((a, b) => a * b, 1);
    const components = componentsFor(elements);
    super(shape, `batchlab_relu_mask_${components}`, { invocations: elements / components });
    this.outputComponent = components;
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
