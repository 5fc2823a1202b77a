/**
 * Sizes that suit the device: a real GPU trains 128×128 × 16 comfortably; a software adapter or a
 * non-WebGPU backend is 100–1000× slower, so it starts at 32×32 × 4. Applied only while the user
 * (or a link) has not chosen a config.
 */
import type { BackendInfo } from '../config/backendInfo';
import { useAppStore } from '../state/store';

const REAL_GPU_DEFAULTS = { imageSizePx: 128, batchSize: 16, baseWidth: 16, depth: 3 } as const;

export function applyDeviceDefaults(info: BackendInfo): void {
  if (info.backend === 'webgpu' && !info.isSoftwareAdapter) {
    useAppStore.getState().applyDefaults(REAL_GPU_DEFAULTS);
  }
}
