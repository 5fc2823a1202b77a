/**
 * Adam and SGD for the webgpu backend with BatchLab's fused update kernels (src/gpu/optimizerKernels.ts):
 * two kernels per variable for Adam instead of tfjs's fourteen (plus four for the β powers), one for SGD
 * instead of two. The same arithmetic as tfjs 4.22's AdamOptimizer and SGDOptimizer, operation by operation
 * in float32: every scalar tfjs would compute on the device (β powers, 1 − β powers) is computed here with
 * Math.fround, which rounds each float32 product or difference exactly as the device does.
 * State: Adam keeps its first and second moments of a variable as one [2, n] variable (m, then v), so its
 * bytes equal tfjs's two n-element slots; its β powers stay scalar variables. optimizerVariables
 * (optimizer.ts) finds them the same way as tfjs's. dispose() frees all of it.
 */
import * as tf from './tf';
import { adamMoments, adamWeights, sgdWeights } from '../gpu/optimizerKernels';

type Gradients = tf.NamedTensorMap | { name: string; tensor: tf.Tensor }[];

/** The (name, gradient) pairs in the order tfjs's optimizers walk them. */
function entries(gradients: Gradients): [string, tf.Tensor | undefined][] {
  return Array.isArray(gradients)
    ? gradients.map((g) => [g.name, g.tensor])
    : Object.keys(gradients).map((name) => [name, gradients[name]]);
}

function variableNamed(name: string): tf.Variable {
  const v = (tf.engine().registeredVariables as Record<string, tf.Variable | undefined>)[name];
  if (!v) throw new Error(`no variable named ${name}`);
  return v;
}

const f32 = Math.fround;

export class FusedAdam extends tf.Optimizer {
  /** β1ᵗ and β2ᵗ as tfjs keeps them: scalar variables (their values are also tracked on the host). */
  private readonly accBeta1: tf.Variable;
  private readonly accBeta2: tf.Variable;
  private accBeta1Value: number;
  private accBeta2Value: number;
  /** Per variable, in the order of the gradients: its moments [2, n], m then v. */
  private readonly accumulatedMoments: { originalName: string; variable: tf.Variable }[] = [];
  private readonly epsilon: number;

  constructor(
    private readonly learningRate: number,
    private readonly beta1 = 0.9,
    private readonly beta2 = 0.999,
  ) {
    super();
    this.epsilon = tf.backend().epsilon();
    this.accBeta1Value = f32(beta1);
    this.accBeta2Value = f32(beta2);
    [this.accBeta1, this.accBeta2] = tf.tidy(() => [
      tf.scalar(beta1).variable(false),
      tf.scalar(beta2).variable(false),
    ]);
  }

  override applyGradients(gradients: Gradients): void {
    // tfjs: oneMinusAccBeta = sub(1, accBeta), a float32 subtraction.
    const biasCorrection1 = f32(1 - this.accBeta1Value);
    const biasCorrection2 = f32(1 - this.accBeta2Value);
    tf.tidy(() => {
      entries(gradients).forEach(([name, gradient], i) => {
        const value = variableNamed(name);
        this.accumulatedMoments[i] ??= {
          originalName: `${name}/moments`,
          variable: tf.tidy(() => tf.zeros([2, value.size]).variable(false)),
        };
        if (gradient == null) return;
        const moments = this.accumulatedMoments[i].variable;
        const next = adamMoments(moments, gradient, [this.beta1, 1 - this.beta1, this.beta2, 1 - this.beta2]);
        moments.assign(next as tf.Tensor2D);
        value.assign(
          adamWeights(next, value, [biasCorrection1, biasCorrection2, this.epsilon, -this.learningRate]),
        );
      });
      // tfjs: accBeta.assign(mul(accBeta, beta)), a float32 product.
      this.accBeta1Value = f32(this.accBeta1Value * f32(this.beta1));
      this.accBeta2Value = f32(this.accBeta2Value * f32(this.beta2));
      this.accBeta1.assign(tf.scalar(this.accBeta1Value));
      this.accBeta2.assign(tf.scalar(this.accBeta2Value));
    });
    this.incrementIterations();
  }

  override dispose(): void {
    this.accBeta1.dispose();
    this.accBeta2.dispose();
    tf.dispose(this.accumulatedMoments.map((m) => m.variable));
  }

  getConfig(): tf.serialization.ConfigDict {
    return { learningRate: this.learningRate, beta1: this.beta1, beta2: this.beta2, epsilon: this.epsilon };
  }
}

export class FusedSgd extends tf.Optimizer {
  constructor(private readonly learningRate: number) {
    super();
  }

  override applyGradients(gradients: Gradients): void {
    tf.tidy(() => {
      for (const [name, gradient] of entries(gradients)) {
        if (gradient == null) continue;
        const value = variableNamed(name);
        value.assign(sgdWeights(value, gradient, -this.learningRate));
      }
    });
    this.incrementIterations();
  }

  getConfig(): tf.serialization.ConfigDict {
    return { learningRate: this.learningRate };
  }
}
