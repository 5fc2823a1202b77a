/**
 * weights.npz: BatchLab's initial U-Net weights in PyTorch's layout, one array per parameter, named as
 * the script's `convs` ModuleDict names them (`enc0a.weight` [out, in, kh, kw], `enc0a.bias` [out]).
 * Input: the engine's variables in creation order (two per conv, kernel then bias, tfjs layout). Every
 * name and shape is checked against the layer table before anything is written. Pure.
 */
import { describeUNet, kernelShape, type UNetShape } from '../../config/unetSpec';
import { hwioToOihw } from './layout';
import type { NpyArray } from './npy';

/** One trainable variable as read from the engine. */
export interface ExportedVariable {
  /** tfjs variable name, e.g. `unet3/enc0a/kernel`. */
  name: string;
  shape: number[];
  values: Float32Array;
}

const sameShape = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((d, i) => d === b[i]);

/** The arrays of weights.npz, keyed `<layer>.weight` / `<layer>.bias`, in the layer table's order. */
export function pytorchWeights(
  shape: UNetShape,
  variables: readonly ExportedVariable[],
): Map<string, NpyArray> {
  const convs = describeUNet(shape).convs;
  if (variables.length !== 2 * convs.length) {
    throw new Error(
      `expected ${2 * convs.length} variables (kernel and bias per conv), got ${variables.length}`,
    );
  }
  const arrays = new Map<string, NpyArray>();
  convs.forEach((conv, i) => {
    const kernel = variables[2 * i]!;
    const bias = variables[2 * i + 1]!;
    const hwio = kernelShape(conv);
    const checks: [ExportedVariable, string, readonly number[]][] = [
      [kernel, `/${conv.name}/kernel`, hwio],
      [bias, `/${conv.name}/bias`, [conv.outChannels]],
    ];
    for (const [variable, suffix, expected] of checks) {
      if (!variable.name.endsWith(suffix)) throw new Error(`variable ${variable.name} is not …${suffix}`);
      if (
        !sameShape(variable.shape, expected) ||
        variable.values.length !== expected.reduce((a, b) => a * b, 1)
      ) {
        throw new Error(
          `${variable.name} is ${variable.shape.join('×')}, the layer table says ${expected.join('×')}`,
        );
      }
    }
    const [kh, kw, cin, cout] = hwio;
    arrays.set(`${conv.name}.weight`, {
      dtype: 'float32',
      shape: [cout, cin, kh, kw],
      data: hwioToOihw(kernel.values, hwio),
    });
    arrays.set(`${conv.name}.bias`, { dtype: 'float32', shape: [cout], data: bias.values.slice() });
  });
  return arrays;
}
