/**
 * WGSL text shared by BatchLab's convolution programs: channel-block loads and stores that read vec4s when
 * a channel axis is a multiple of 4 and masked scalars otherwise. Pure string building, no tfjs.
 *
 * tfjs binds each input as array<vec4<f32>> or array<f32> (the program's variableComponents) and the output
 * as `result` (outputComponent); these helpers match that choice. The channel count is a WGSL expression
 * (a uniform), so that one pipeline serves every size; only whether it divides by 4 is baked in.
 *
 * The programs write their entry as `fn main(index : i32)`, exactly what tfjs's main('index') helper
 * (getMainHeaderString) generates: that helper is not exported by tfjs-backend-webgpu 4.22's entry point,
 * and in plain Node (the Dawn tests and `npm run bench -- --node`) its deep path does not resolve.
 */

/**
 * `fn name(row, c) -> vec4<f32>`: elements c…c+3 of one row of a [rows, C] buffer, zero past C. A row is a
 * pixel of an NHWC tensor (C channels) or a row of a filter seen as [k·k·Cin, Cout].
 * @param vec4 the buffer is bound as vec4s (C divides by 4); @param channels C, a WGSL i32 expression.
 */
export function rowLoad(name: string, buffer: string, vec4: boolean, channels: string): string {
  if (vec4) {
    return `fn ${name}(row : i32, c : i32) -> vec4<f32> {
        return ${buffer}[row * (${channels} / 4) + c / 4];
      }`;
  }
  const lane = (k: number) =>
    k === 0 ? `${buffer}[base]` : `select(0.0, ${buffer}[base + ${k}], c + ${k} < ${channels})`;
  return `fn ${name}(row : i32, c : i32) -> vec4<f32> {
        let base = row * ${channels} + c;
        return vec4<f32>(${[0, 1, 2, 3].map(lane).join(', ')});
      }`;
}

/** `fn name(row, c, v)`: stores elements c…c+3 of one row of the output (C per row), dropping lanes past C. */
export function rowStore(name: string, vec4: boolean, channels: string): string {
  if (vec4) {
    return `fn ${name}(row : i32, c : i32, v : vec4<f32>) {
        setOutputAtIndex(row * (${channels} / 4) + c / 4, v);
      }`;
  }
  const lanes = [0, 1, 2, 3]
    .map((k) => `if (c + ${k} < ${channels}) { setOutputAtIndex(base + ${k}, v[${k}]); }`)
    .join('\n        ');
  return `fn ${name}(row : i32, c : i32, v : vec4<f32>) {
        let base = row * ${channels} + c;
        ${lanes}
      }`;
}

/** The component count tfjs should bind an axis of `channels` with: 4 when it divides, else 1. */
export const componentsFor = (channels: number): 1 | 4 => (channels % 4 === 0 ? 4 : 1);

/** Whether each channel axis divides by 4, as a shader key part ('true_false'). */
export const alignedKey = (...channels: number[]): string => channels.map((c) => c % 4 === 0).join('_');

/** tfjs's uniform entries for a list of i32 values (runWebGPUProgram's programDefinedUniform). */
export const i32Uniforms = (values: readonly number[]): { type: string; data: number[] }[] =>
  values.map((v) => ({ type: 'int32', data: [v] }));
