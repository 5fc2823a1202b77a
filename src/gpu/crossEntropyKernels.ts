/**
 * The fused softmax cross-entropy (crossEntropyProgram.ts), registered with tfjs for the webgpu backend
 * under its own names so that tf.profile and the step profile list it:
 * - BatchLabCrossEntropy      logits [P, K], labels [P, K] → per-pixel loss [P]
 * - BatchLabCrossEntropyGrad  logits, labels, dy (scalar) → d mean / d logits [P, K]
 * meanCrossEntropy is differentiable wrt the logits (no gradient to the labels). Webgpu backend only;
 * src/engine/loss.ts picks it there and keeps tfjs's ops elsewhere. Callers own what they get back.
 */
import * as tf from '@tensorflow/tfjs-core';
import { CrossEntropyProgram, type CrossEntropyTarget } from './crossEntropyProgram';
import { kernelInput, registerWebgpuKernels, runProgram, type KernelArgs } from './webgpuKernels';

const KERNELS = { loss: 'BatchLabCrossEntropy', gradient: 'BatchLabCrossEntropyGrad' } as const;

function run(target: CrossEntropyTarget) {
  return (args: KernelArgs): tf.TensorInfo => {
    const names = target === 'loss' ? ['logits', 'labels'] : ['logits', 'labels', 'dy'];
    const inputs = names.map((n) => kernelInput(args, n, 'BatchLab cross-entropy'));
    const [pixels = 0, classes = 0] = inputs[0]!.shape;
    if (inputs[1]!.shape.join() !== inputs[0]!.shape.join()) {
      throw new Error(
        `BatchLab cross-entropy: labels [${inputs[1]!.shape}] for logits [${inputs[0]!.shape}]`,
      );
    }
    const program = new CrossEntropyProgram(pixels, classes, target);
    return runProgram(args, program, inputs, program.uniformData());
  };
}

const register = () =>
  registerWebgpuKernels({ [KERNELS.loss]: run('loss'), [KERNELS.gradient]: run('gradient') });

/**
 * Mean over pixels of −Σ_k y_k · log softmax(z)_k for logits z [P, K] and one-hot y [P, K]; its gradient
 * wrt z is (softmax(z) − y) / P. Caller disposes the scalar.
 */
export function meanCrossEntropy(z: tf.Tensor2D, y: tf.Tensor2D): tf.Scalar {
  register();
  const engine = tf.engine();
  const loss = tf.customGrad((...args: (tf.Tensor | tf.GradSaveFunc)[]) => {
    const logits = args[0] as tf.Tensor2D;
    const save = args[1] as tf.GradSaveFunc;
    save([logits, y]);
    const perPixel = engine.runKernel(KERNELS.loss, { logits, labels: y }) as tf.Tensor1D;
    return {
      value: tf.mean(perPixel) as tf.Scalar,
      gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) =>
        engine.runKernel(KERNELS.gradient, { logits: saved[0]!, labels: saved[1]!, dy }) as tf.Tensor,
    };
  });
  return loss(z) as tf.Scalar;
}
