// Pre-flight of `npm run bench -- --node --gpu`: the Vulkan driver and loader a GPU run needs, found
// before anything runs, so that a run which would land on a software adapter or tfjs's CPU backend is
// refused with one line instead of completing with CPU figures.
// - Drivers: the JSON manifests in the loader's standard folders, plus NVIDIA's container folder
//   /usr/local/nvidia/share/vulkan/icd.d, which the loader does not search: every manifest found is
//   passed through VK_DRIVER_FILES (loader 1.3.207+) and VK_ICD_FILENAMES (older loaders), unless the
//   caller set one of them.
// - Loader: libvulkan.so.1 in LD_LIBRARY_PATH, the dynamic linker's cache or the usual library folders.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const DRIVER_DIRS = [
  '/usr/share/vulkan/icd.d',
  '/usr/local/share/vulkan/icd.d',
  '/etc/vulkan/icd.d',
  '/usr/local/nvidia/share/vulkan/icd.d',
];

const LIB_DIRS = [
  '/usr/lib/x86_64-linux-gnu',
  '/lib/x86_64-linux-gnu',
  '/usr/lib/aarch64-linux-gnu',
  '/usr/lib64',
  '/usr/lib',
  '/usr/local/lib',
  '/usr/local/nvidia/lib64',
];

/** Manifests of software drivers: never a GPU. */
const SOFTWARE_DRIVER = /swiftshader|lvp_icd|lavapipe/i;

export function findDriverFiles(dirs = DRIVER_DIRS) {
  return dirs.flatMap((d) => {
    try {
      return readdirSync(d)
        .filter((f) => f.endsWith('.json') && !SOFTWARE_DRIVER.test(f))
        .map((f) => join(d, f));
    } catch {
      return [];
    }
  });
}

export function findVulkanLoader(env = process.env) {
  const fromPath = (env.LD_LIBRARY_PATH ?? '').split(':').filter(Boolean);
  for (const d of [...fromPath, ...LIB_DIRS]) {
    const file = join(d, 'libvulkan.so.1');
    if (existsSync(file)) return file;
  }
  const cache = spawnSync('ldconfig', ['-p'], { encoding: 'utf8' });
  const line = (cache.stdout ?? '').split('\n').find((l) => l.includes('libvulkan.so.1 '));
  return line ? line.split('=>').pop().trim() : null;
}

/**
 * { env, drivers, loader, missing }: `missing` is null or the one line that names what is absent. With no
 * GPU driver, env is left to dawnEnv's software fallback, so that the run itself shows which adapter the
 * machine gives (the bench then refuses it as a fallback adapter).
 */
export function gpuPreflight(env = process.env, driverDirs = DRIVER_DIRS) {
  const given = env.VK_DRIVER_FILES || env.VK_ICD_FILENAMES;
  const drivers = given ? given.split(':').filter(Boolean) : findDriverFiles(driverDirs);
  const loader = findVulkanLoader(env);
  const out = { ...env };
  if (!given && drivers.length) {
    out.VK_DRIVER_FILES = drivers.join(':');
    out.VK_ICD_FILENAMES = drivers.join(':');
  }
  const missing = !loader
    ? `no Vulkan loader (libvulkan.so.1) in LD_LIBRARY_PATH, ${LIB_DIRS.join(', ')} or ldconfig's cache`
    : drivers.length === 0
      ? `no GPU Vulkan driver manifest in ${driverDirs.join(', ')}`
      : null;
  return { env: out, drivers, loader, missing };
}
