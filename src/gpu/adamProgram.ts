/**
 * WGSL program, one half of BatchLab's fused Adam update for one variable of n elements. tfjs's
 * AdamOptimizer spends 14 elementwise kernels per variable; this does the same arithmetic, in the same
 * order and float32 rounding, in two:
 * - 'moments': moments [2, n] (first moment m, then second moment v), grad [n] → new moments [2, n]:
 *   m' = m·β1 + g·(1−β1),  v' = v·β2 + (g·g)·(1−β2);
 * - 'weights': value [n], new moments [2, n] → new value [n]:
 *   value' = ((m' / (1−β1ᵗ)) / (sqrt(v' / (1−β2ᵗ)) + ε))·(−lr) + value.
 * Two programs, not one, because a tfjs program has one output and the model reads each weight as its own
 * tensor. Every coefficient is a float32 uniform computed on the host exactly as tfjs computes its scalars.
 * One invocation per vec4 when n divides by 4, else per element. Holds only the shader body and dispatch
 * geometry; src/gpu/optimizerKernels.ts runs it.
 */
import { BatchLabProgram } from './batchLabProgram';
import { componentsFor } from './wgslSnippets';

export type AdamTarget = 'moments' | 'weights';

export class AdamProgram extends BatchLabProgram {
  /** moments: [2, n]; grad or value: [n] (the gradient for 'moments', the weights for 'weights'). */
  variableNames: string[];
  outputComponent: number;
  /**
   * invocations: n / components (the second moment starts there in a moments buffer);
   * a, b, c, d: β1, 1−β1, β2, 1−β2 for 'moments'; 1−β1ᵗ, 1−β2ᵗ, ε, −lr for 'weights'.
   */
  uniforms = 'invocations : i32, a : f32, b : f32, c : f32, d : f32,';
  private readonly invocations: number;
  private readonly target: AdamTarget;

  /** @param elements n, the variable's element count. */
  constructor(elements: number, target: AdamTarget) {
    const [components, moments] = [componentsFor(elements), target === 'moments'];
    const invocations = elements / components;
    super(moments ? [2, elements] : [elements], `batchlab_adam_${target}_${components}`, { invocations });
    this.target = target;
    this.outputComponent = components;
    this.invocations = invocations;
    this.variableNames = moments ? ['moments', 'grad'] : ['moments', 'value'];
  }

  /** The uniform values, in the order of `uniforms`: the four coefficients of the target (see above). */
  uniformData(coefficients: readonly [number, number, number, number]): { type: string; data: number[] }[] {
    return [
      { type: 'int32', data: [this.invocations] },
      ...coefficients.map((v) => ({ type: 'float32', data: [v] })),
    ];
  }

  getUserCode(): string {
    const body =
      this.target === 'moments'
        ? `let g = grad[index];
          setOutputAtIndex(index, moments[index] * uniforms.a + g * uniforms.b);
          setOutputAtIndex(index + uniforms.invocations, moments[index + uniforms.invocations] * uniforms.c + (g * g) * uniforms.d);`
        : `let m = moments[index] / uniforms.a;
          let v = moments[index + uniforms.invocations] / uniforms.b;
          setOutputAtIndex(index, (m / (sqrt(v) + uniforms.c)) * uniforms.d + value[index]);`;
    return `
      fn main(index : i32) {
        if (index < uniforms.invocations) {
          ${body}
        }
      }`;
  }
}
