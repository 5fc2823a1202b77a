// The pre-flight of `npm run bench -- --node --gpu` (bench/node/gpuPreflight.mjs): which Vulkan driver
// manifests it hands the loader, and where it finds the loader. Temporary folders stand in for the system's.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DRIVER_DIRS, findDriverFiles, findVulkanLoader, gpuPreflight } from '../bench/node/gpuPreflight.mjs';

function folder(files: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'batchlab-vk-'));
  for (const f of files) writeFileSync(join(dir, f), '{}');
  return dir;
}

describe('GPU bench pre-flight', () => {
  it("searches NVIDIA's container folder beside the loader's standard ones", () => {
    expect(DRIVER_DIRS).toContain('/usr/local/nvidia/share/vulkan/icd.d');
    expect(DRIVER_DIRS).toContain('/usr/share/vulkan/icd.d');
    expect(DRIVER_DIRS).toContain('/etc/vulkan/icd.d');
  });

  it('keeps GPU driver manifests and drops software ones and other files', () => {
    const a = folder(['nvidia_icd.json', 'lvp_icd.x86_64.json', 'notes.txt']);
    const b = folder(['vk_swiftshader_icd.json', 'radeon_icd.x86_64.json']);
    const found = findDriverFiles([a, b, join(a, 'absent')]);
    expect(found).toEqual([join(a, 'nvidia_icd.json'), join(b, 'radeon_icd.x86_64.json')]);
  });

  it('finds the loader first in LD_LIBRARY_PATH', () => {
    const dir = folder(['libvulkan.so.1']);
    expect(findVulkanLoader({ LD_LIBRARY_PATH: `/nowhere:${dir}` })).toBe(join(dir, 'libvulkan.so.1'));
  });

  it('leaves VK_DRIVER_FILES set by the caller alone and names a missing driver in one line', () => {
    const loaderDir = folder(['libvulkan.so.1']);
    const given = gpuPreflight({ LD_LIBRARY_PATH: loaderDir, VK_DRIVER_FILES: '/x/a.json:/x/b.json' });
    expect(given.drivers).toEqual(['/x/a.json', '/x/b.json']);
    expect(given.env.VK_ICD_FILENAMES).toBeUndefined();
    expect(given.missing).toBeNull();
    const empty = mkdtempSync(join(tmpdir(), 'batchlab-vk-'));
    mkdirSync(join(empty, 'icd.d'));
    const none = gpuPreflight({ LD_LIBRARY_PATH: loaderDir }, [join(empty, 'icd.d')]);
    expect(none.drivers).toEqual([]);
    expect(none.missing).toMatch(/^no GPU Vulkan driver manifest in /);
    expect(none.missing).not.toContain('\n');
  });

  it('passes every manifest it found through both loader variables', () => {
    const dir = folder(['nvidia_icd.json']);
    const pre = gpuPreflight({ LD_LIBRARY_PATH: folder(['libvulkan.so.1']) }, [dir]);
    expect(pre.env.VK_DRIVER_FILES).toBe(join(dir, 'nvidia_icd.json'));
    expect(pre.env.VK_ICD_FILENAMES).toBe(join(dir, 'nvidia_icd.json'));
    expect(pre.missing).toBeNull();
  });
});
