/**
 * NumPy's .npy format (version 1.0) and .npz archive, written from typed arrays, so the exported
 * project reads its data with `numpy.load` alone. Format: the magic "\x93NUMPY", version 1.0, a
 * little-endian uint16 header length, a Python-literal dict {'descr', 'fortran_order', 'shape'} padded
 * with spaces and ended by '\n' so the data starts at a multiple of 64 bytes, then the C-order data.
 * Documented at numpy.org (numpy.lib.format). Pure.
 */
import { zipStore } from './zipStore';

/** The dtypes the export writes, with NumPy's descriptor (little endian where it matters). */
const DESCRIPTORS = { uint8: '|u1', float32: '<f4' } as const;

export type NpyArray =
  | { dtype: 'uint8'; shape: readonly number[]; data: Uint8Array }
  | { dtype: 'float32'; shape: readonly number[]; data: Float32Array };

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // \x93NUMPY
const ALIGN = 64;
const PREAMBLE_BYTES = MAGIC.length + 2 + 2; // magic, version, header length

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function shapeLiteral(shape: readonly number[]): string {
  if (shape.length === 1) return `(${shape[0]},)`;
  return `(${shape.join(', ')})`;
}

/** The bytes of a .npy file holding `array`. Throws when the shape does not match the data. */
export function npyBytes(array: NpyArray): Uint8Array {
  const { shape, data } = array;
  if (shape.some((d) => !Number.isInteger(d) || d < 0)) throw new Error(`bad npy shape ${shape.join('×')}`);
  const elements = shape.reduce((a, b) => a * b, 1);
  if (elements !== data.length) {
    throw new Error(`npy shape ${shape.join('×')} holds ${elements} values, the data ${data.length}`);
  }
  if (array.dtype === 'float32' && !LITTLE_ENDIAN) throw new Error('npy float32 data must be little endian');
  const dict = `{'descr': '${DESCRIPTORS[array.dtype]}', 'fortran_order': False, 'shape': ${shapeLiteral(shape)}, }`;
  const unpadded = PREAMBLE_BYTES + dict.length + 1;
  const headerText = dict + ' '.repeat((ALIGN - (unpadded % ALIGN)) % ALIGN) + '\n';
  const header = new TextEncoder().encode(headerText);
  const payload = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const out = new Uint8Array(PREAMBLE_BYTES + header.length + payload.length);
  out.set(MAGIC, 0);
  out[6] = 1; // major version
  out[7] = 0; // minor version
  new DataView(out.buffer).setUint16(8, header.length, true);
  out.set(header, PREAMBLE_BYTES);
  out.set(payload, PREAMBLE_BYTES + header.length);
  return out;
}

/** An .npz archive: one `<key>.npy` per entry (stored, not compressed; numpy.load reads both). */
export function npzBytes(arrays: ReadonlyMap<string, NpyArray>): Uint8Array {
  return zipStore([...arrays].map(([key, array]) => ({ name: `${key}.npy`, bytes: npyBytes(array) })));
}
