/**
 * The initial weights of the U-Net a config describes, read back as plain arrays (for the PyTorch
 * export): a fresh model from the config's seed, every variable read with an awaited data(), then
 * disposed, so the tensor count is back where it was. Runs on whatever backend is active.
 */
import type { UNetShape } from '../config/unetSpec';
import { createUNetForConfig } from './unet';

export interface InitialVariable {
  /** tfjs variable name, e.g. `unet3/enc0a/kernel`. */
  name: string;
  shape: number[];
  values: Float32Array;
}

/** Every trainable variable in creation order (per conv: kernel [k, k, in, out], then bias [out]). */
export async function readInitialWeights(config: UNetShape & { seed: number }): Promise<InitialVariable[]> {
  const model = createUNetForConfig(config);
  try {
    const out: InitialVariable[] = [];
    for (const v of model.variables) {
      const values = (await v.data()) as Float32Array;
      out.push({ name: v.name, shape: [...v.shape], values: Float32Array.from(values) });
    }
    return out;
  } finally {
    model.dispose();
  }
}
