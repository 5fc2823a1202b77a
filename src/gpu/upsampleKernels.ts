/**
 * The bilinear ×2 upsampling of the U-Net's decoder with BatchLab's own gradient kernel
 * (BatchLabResizeBilinear2xGrad, upsample2xGradProgram.ts), registered with tfjs for the webgpu backend so
 * that tf.profile names it. The forward stays tfjs's ResizeBilinear kernel (cheap); only the gradient, which
 * tfjs computes with a window scan per element, is replaced. Same math as tf.image.resizeBilinear(x,
 * [2H, 2W]) with its defaults. Webgpu backend only; callers own the tensors they get back.
 */
import * as tf from '@tensorflow/tfjs-core';
import { Upsample2xGradProgram } from './upsample2xGradProgram';
import { registerWebgpuKernels, runProgram, type KernelArgs } from './webgpuKernels';

const UPSAMPLE_GRAD_KERNEL = 'BatchLabResizeBilinear2xGrad';

function upsample2xGrad(args: KernelArgs): tf.TensorInfo {
  const dy = args.inputs['dy'];
  if (!dy || dy.shape.length !== 4) throw new Error('BatchLab upsample gradient needs an NHWC dy');
  const [n = 0, h2 = 0, w2 = 0, c = 0] = dy.shape;
  if (h2 % 2 !== 0 || w2 % 2 !== 0)
    throw new Error(`BatchLab upsample gradient: odd dy [${dy.shape.join(', ')}]`);
  const program = new Upsample2xGradProgram([n, h2 / 2, w2 / 2, c]);
  return runProgram(args, program, [dy], program.uniformData());
}

/** tf.image.resizeBilinear(x, [2H, 2W]), differentiable through the own gradient kernel. Caller disposes. */
export function upsample2x(x: tf.Tensor4D): tf.Tensor4D {
  registerWebgpuKernels({ [UPSAMPLE_GRAD_KERNEL]: upsample2xGrad });
  const op = tf.customGrad((...args: (tf.Tensor | tf.GradSaveFunc)[]) => {
    const input = args[0] as tf.Tensor4D;
    const [, h = 0, w = 0] = input.shape;
    return {
      value: tf.image.resizeBilinear(input, [2 * h, 2 * w]),
      gradFunc: (dy: tf.Tensor) => tf.engine().runKernel(UPSAMPLE_GRAD_KERNEL, { dy }) as tf.Tensor4D,
    };
  });
  return op(x) as tf.Tensor4D;
}
