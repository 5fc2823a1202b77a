import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config/trainConfig';
import { dataPathRows } from './dataPathTable';

describe('data path table', () => {
  const config = {
    ...DEFAULT_CONFIG,
    batchSize: 32,
    imageSizePx: 512,
    channels: 3 as const,
    maskDtype: 'uint8' as const,
  };

  it('on webgpu, packed uint8 moves a quarter of float32 image bytes; the tf.tensor trap moves as much as float32', () => {
    const rows = dataPathRows(config, 'webgpu');
    const by = (id: string) => rows.find((r) => r.mode.id === id)!;
    const images = 32 * 512 * 512 * 3;
    const masks = (32 * 512 * 512) / 4; // uint8 masks packed: one byte per pixel
    expect(by('f32-loader').bytesToGpu).toBe(images * 4 + masks * 4);
    expect(by('u8-packed').bytesToGpu).toBe(images + masks * 4);
    expect(by('f16-model').bytesToGpu).toBe(images * 2 + masks * 4);
    expect(by('u8-tftensor').bytesToGpu).toBe(by('f32-loader').bytesToGpu);
    expect(by('f32-loader').ratioToFloat32).toBe(1);
    expect(rows.filter((r) => r.current).map((r) => r.mode.id)).toEqual(['u8-packed']);
  });

  it('off webgpu every image path is widened to 4 bytes per element', () => {
    const rows = dataPathRows(config, 'webgl');
    expect(new Set(rows.map((r) => r.bytesToGpu)).size).toBe(1);
  });
});
