/**
 * Activation recomputation (gradient checkpointing, Chen et al. 2016) for one U-Net block: a tf.customGrad
 * whose forward runs the block and keeps only its input (tfjs frees everything the block made inside), and
 * whose gradient runs the block's forward again under a nested tf.grads and returns the gradients of its
 * input and weights. The same values and gradients as the plain block (test: recomputeBlock.test.ts).
 *
 * tfjs 4.22's engine.gradients ends by disposing the saved tensors of `state.activeTape` and setting it to
 * null. A nested tf.grads inside a gradient function would do that to the OUTER tape's slot, so the outer
 * call then fails (or leaks what its nodes saved): the outer tape is put back after the nested call.
 */
import * as tf from './tf';

/** The block's forward: input and weights → output; the weights in the order they were passed. */
type BlockForward = (x: tf.Tensor4D, weights: tf.Tensor[]) => tf.Tensor4D;

interface EngineTapeState {
  state: { activeTape: unknown };
}

/** Runs a nested tf.grads without touching the outer gradient's tape. */
function withOuterTapeKept<T>(work: () => T): T {
  const state = (tf.engine() as unknown as EngineTapeState).state;
  const outer = state.activeTape;
  try {
    return work();
  } finally {
    state.activeTape = outer;
  }
}

/**
 * The block's output for `x`; the backward pass recomputes the block's inside. With `inputNeedsGradient`
 * false (the image), only the weights get gradients. The caller owns the output (inside its tidy).
 */
export function recomputeBlock(
  x: tf.Tensor4D,
  inputNeedsGradient: boolean,
  weights: readonly tf.Tensor[],
  forward: BlockForward,
): tf.Tensor4D {
  const op = tf.customGrad((...args: (tf.Tensor | tf.GradSaveFunc)[]) => {
    const save = args.pop() as tf.GradSaveFunc;
    const inputs = args as tf.Tensor[];
    const ws = inputNeedsGradient ? inputs.slice(1) : inputs;
    // Kept for the backward pass: the block's input and its weights (the variables themselves, no copy).
    save([x, ...ws]);
    return {
      value: forward(x, ws),
      gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => {
        const [xSaved, ...wSaved] = saved as [tf.Tensor4D, ...tf.Tensor[]];
        return withOuterTapeKept(() =>
          inputNeedsGradient
            ? tf.grads((xi: tf.Tensor, ...wi: tf.Tensor[]) => forward(xi as tf.Tensor4D, wi))(
                [xSaved, ...wSaved],
                dy,
              )
            : tf.grads((...wi: tf.Tensor[]) => forward(xSaved, wi))(wSaved, dy),
        );
      },
    };
  });
  return (inputNeedsGradient ? op(x, ...weights) : op(...weights)) as tf.Tensor4D;
}
