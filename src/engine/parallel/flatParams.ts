/**
 * Moving a model's weights and gradients between tfjs variables and one flat float32 vector — the form in
 * which they cross between devices. Order is the variables' creation order, the same on every replica.
 */
import * as tf from '../tf';

/** Total trainable elements. */
export function parameterCountOf(variables: readonly tf.Variable[]): number {
  return variables.reduce((sum, v) => sum + v.size, 0);
}

/** Tensors keyed by variable name, concatenated flat [P]. Caller disposes. */
export function flattenNamed(variables: readonly tf.Variable[], named: tf.NamedTensorMap): tf.Tensor1D {
  return tf.tidy(() =>
    tf.concat(
      variables.map((v) => {
        const t = named[v.name];
        if (!t) throw new Error(`no tensor for variable ${v.name}`);
        return tf.reshape(t, [-1]);
      }),
    ),
  ) as tf.Tensor1D;
}

/**
 * The variables' current values, flat, read back to the host (awaited, never dataSync) into an array the
 * caller owns (on cpu tfjs would hand back its own storage).
 */
export async function readFlat(variables: readonly tf.Variable[]): Promise<Float32Array> {
  const flat = tf.tidy(() => tf.concat(variables.map((v) => tf.reshape(v, [-1]))));
  try {
    return Float32Array.from((await flat.data()) as Float32Array);
  } finally {
    flat.dispose();
  }
}

function checkLength(variables: readonly tf.Variable[], length: number): void {
  const p = parameterCountOf(variables);
  if (length !== p) throw new Error(`flat vector of ${length} floats for ${p} parameters`);
}

/** Overwrites every variable from a flat host vector (uploads it). */
export function assignFlat(variables: readonly tf.Variable[], flat: Float32Array): void {
  checkLength(variables, flat.length);
  let offset = 0;
  for (const v of variables) {
    const values = tf.tensor(flat.slice(offset, offset + v.size), v.shape, 'float32');
    v.assign(values);
    values.dispose();
    offset += v.size;
  }
}

/** A flat [P] tensor split back into tensors shaped like the variables, keyed by name. Caller disposes. */
export function splitFlat(variables: readonly tf.Variable[], flat: tf.Tensor1D): tf.NamedTensorMap {
  checkLength(variables, flat.size);
  return tf.tidy(() => {
    const parts = tf.split(
      flat,
      variables.map((v) => v.size),
    );
    const out: tf.NamedTensorMap = {};
    variables.forEach((v, i) => (out[v.name] = tf.reshape(parts[i]!, v.shape)));
    return out;
  });
}

export function disposeNamed(named: tf.NamedTensorMap): void {
  for (const t of Object.values(named)) t.dispose();
}
