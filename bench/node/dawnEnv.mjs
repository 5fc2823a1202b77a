// The environment Dawn (the `webgpu` package) needs to find a Vulkan driver. A machine with a GPU driver
// needs nothing. Without one, Dawn uses the software Vulkan (SwiftShader) that ships inside the pinned
// Chromium package, else a system Chromium's. VK_ICD_FILENAMES or VK_DRIVER_FILES set by the caller win.
import { existsSync, readdirSync } from 'node:fs';
import { unpackPinnedChromium } from '../../scripts/pinnedChromium.mjs';

const DRIVER_DIRS = ['/usr/share/vulkan/icd.d', '/etc/vulkan/icd.d', '/usr/local/nvidia/share/vulkan/icd.d'];

/** True when the machine has a Vulkan driver of its own (then Dawn should use it, not SwiftShader). */
function hasVulkanDriver() {
  return DRIVER_DIRS.some((d) => {
    try {
      return readdirSync(d).some((f) => f.endsWith('.json'));
    } catch {
      return false;
    }
  });
}

export async function dawnEnv(base = process.env) {
  const env = { ...base, XDG_RUNTIME_DIR: base.XDG_RUNTIME_DIR ?? '/tmp' };
  if (env.VK_ICD_FILENAMES || env.VK_DRIVER_FILES || hasVulkanDriver()) return env;
  const pinned = await unpackPinnedChromium().catch(() => null);
  const icd = pinned
    ? { json: pinned.vulkanIcdJson, lib: pinned.vulkanLibDir }
    : { json: '/usr/lib/chromium/vk_swiftshader_icd.json', lib: '/usr/lib/chromium' };
  if (existsSync(icd.json)) {
    env.VK_ICD_FILENAMES = icd.json;
    env.LD_LIBRARY_PATH = [icd.lib, env.LD_LIBRARY_PATH].filter(Boolean).join(':');
  }
  return env;
}
