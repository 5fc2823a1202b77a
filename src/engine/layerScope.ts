/**
 * Which U-Net layer (or stage of the step) the ops running now belong to, so that a step profile can group
 * kernels by layer: the model, the loss and the Normalize layer wrap their ops in inLayer('enc0a', …).
 * One module-level label, set and restored around a call; reading it costs nothing when no profile is
 * recorded. Names are unetSpec's op names ('enc0a', 'pool0', 'up0', 'cat0', 'dec0a', 'head') and the
 * stages 'normalize' and 'loss'. No tfjs, no DOM.
 */

let current: string | null = null;

/** Runs `fn` with `layer` as the current layer; the previous one is restored afterwards (also on throw). */
export function inLayer<T>(layer: string | null, fn: () => T): T {
  const previous = current;
  current = layer;
  try {
    return fn();
  } finally {
    current = previous;
  }
}

/** The layer whose ops are running now, or null outside any. */
export function currentLayer(): string | null {
  return current;
}
