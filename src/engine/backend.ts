/**
 * Picks and initialises the tfjs backend: webgpu, else webgl, else cpu (or the user's choice first).
 * Owns the WebGPU adapter/device it creates, so the app can read limits and watch for device loss.
 * tfjs's own `setBackend` resolves false on failure while `getBackend` still names the failed backend,
 * so each attempt is checked by its boolean and then by a real op read back with `await data()`.
 */
import * as tf from './tf';
import { chooseConvKernel } from './convChoice';
import { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import type { BackendPreference } from '../config/trainConfig';
import type { BackendInfo, BackendName, GpuLimits } from '../config/backendInfo';

export type { BackendInfo, BackendName };

/** Called once when the WebGPU device is lost (driver reset, `device.destroy()`, tab backgrounded…). */
export type DeviceLostListener = (reason: string) => void;
/** Called for every GPU error nobody captured in an error scope. */
export type GpuErrorListener = (message: string) => void;

let webgpuDevice: GPUDevice | null = null;
let webgpuCapabilities: WebGpuCapabilities | null = null;
let uncapturedErrors = 0;

/** What the engine reads about the WebGPU adapter to choose its kernels (./convChoice.ts): never its name. */
export interface WebGpuCapabilities {
  /** The adapter says it is a fallback (software) one, e.g. SwiftShader. */
  isFallbackAdapter: boolean;
  /** Device limits the conv programs' workgroups and buffers must fit (convChoice.ts's fits). */
  maxComputeWorkgroupStorageSizeBytes: number;
  maxComputeInvocationsPerWorkgroup: number;
  maxComputeWorkgroupSizeX: number;
  maxStorageBufferBindingSizeBytes: number;
  maxBufferSizeBytes: number;
  /** The adapter offers the 'subgroups' feature. */
  hasSubgroups: boolean;
  /**
   * The adapter's identity for the measured kernel choice's cache (convTuning.ts): vendor, architecture,
   * fallback flag, every limit and feature. Never its description or device name.
   */
  adapterKey: string;
}

/** The adapter's identity: what it is and allows, never which device it is called. */
function adapterIdentity(info: GPUAdapterInfo, adapter: GPUAdapter): string {
  const limits: Record<string, number> = {};
  for (const key in adapter.limits) {
    const value = (adapter.limits as unknown as Record<string, unknown>)[key];
    if (typeof value === 'number') limits[key] = value;
  }
  return JSON.stringify({
    vendor: info.vendor,
    architecture: info.architecture,
    isFallbackAdapter: info.isFallbackAdapter,
    limits: Object.fromEntries(Object.entries(limits).sort(([a], [b]) => a.localeCompare(b))),
    features: [...adapter.features].sort(),
  });
}

/** GPU errors that no error scope captured since the backend started (should stay 0). */
export function uncapturedErrorCount(): number {
  return uncapturedErrors;
}

/** The capabilities of the adapter the webgpu backend runs on, or null off webgpu. */
export function currentWebGpuCapabilities(): WebGpuCapabilities | null {
  return tf.getBackend() === 'webgpu' ? webgpuCapabilities : null;
}

/** The device the webgpu backend runs on, or null off webgpu. */
export function currentWebGpuDevice(): GPUDevice | null {
  return tf.getBackend() === 'webgpu' ? webgpuDevice : null;
}

function order(preference: BackendPreference): BackendName[] {
  const all: BackendName[] = ['webgpu', 'webgl', 'cpu'];
  return preference === 'auto' ? all : [preference, ...all.filter((b) => b !== preference)];
}

async function registerWebGpu(
  onLost: DeviceLostListener,
  onError: GpuErrorListener,
): Promise<{ info: GPUAdapterInfo; limits: GpuLimits; software: boolean }> {
  const gpu = (globalThis.navigator as Navigator | undefined)?.gpu;
  if (!gpu) throw new Error('this browser has no WebGPU (navigator.gpu is missing)');
  const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  if (!adapter) throw new Error('WebGPU found no adapter (disabled, blocklisted or no GPU)');
  const requiredFeatures: GPUFeatureName[] = adapter.features.has('timestamp-query')
    ? ['timestamp-query']
    : [];
  const l = adapter.limits;
  const device = await adapter.requestDevice({
    requiredFeatures,
    requiredLimits: {
      maxComputeWorkgroupStorageSize: l.maxComputeWorkgroupStorageSize,
      maxComputeWorkgroupsPerDimension: l.maxComputeWorkgroupsPerDimension,
      maxStorageBufferBindingSize: l.maxStorageBufferBindingSize,
      maxBufferSize: l.maxBufferSize,
      maxComputeWorkgroupSizeX: l.maxComputeWorkgroupSizeX,
      maxComputeInvocationsPerWorkgroup: l.maxComputeInvocationsPerWorkgroup,
    },
  });
  void device.lost.then((lost) => {
    if (webgpuDevice === device) onLost(lost.message || lost.reason || 'unknown');
  });
  device.addEventListener('uncapturederror', (event) => {
    uncapturedErrors++;
    onError((event as GPUUncapturedErrorEvent).error.message);
  });
  const info = adapter.info;
  tf.removeBackend('webgpu');
  tf.registerBackend('webgpu', () => new WebGPUBackend(device, info), 3);
  webgpuDevice = device;
  webgpuCapabilities = {
    isFallbackAdapter: info.isFallbackAdapter,
    maxComputeWorkgroupStorageSizeBytes: device.limits.maxComputeWorkgroupStorageSize,
    maxComputeInvocationsPerWorkgroup: device.limits.maxComputeInvocationsPerWorkgroup,
    maxComputeWorkgroupSizeX: device.limits.maxComputeWorkgroupSizeX,
    maxStorageBufferBindingSizeBytes: device.limits.maxStorageBufferBindingSize,
    maxBufferSizeBytes: device.limits.maxBufferSize,
    hasSubgroups: adapter.features.has('subgroups'),
    adapterKey: adapterIdentity(info, adapter),
  };
  const software =
    info.isFallbackAdapter || /swiftshader|llvmpipe|lavapipe|software/i.test(info.architecture);
  return {
    info,
    // What the device got, not what the adapter offers: the pre-flight checks against these.
    limits: {
      maxBufferSizeBytes: device.limits.maxBufferSize,
      maxStorageBufferBindingSizeBytes: device.limits.maxStorageBufferBindingSize,
    },
    software,
  };
}

/**
 * Registers the tfjs backend `name` with tfjs-core by importing it. webgl and cpu are fallbacks (about 80 and
 * 27 KB gzip): a worker fetches them only when it comes to try them (or, for the export, to run on cpu);
 * webgpu registers with its own device in registerWebGpu.
 */
export async function loadBackend(name: BackendName): Promise<void> {
  if (name === 'webgl') await import('@tensorflow/tfjs-backend-webgl');
  if (name === 'cpu') await import('@tensorflow/tfjs-backend-cpu');
}

async function probe(): Promise<void> {
  const t = tf.tidy(() => tf.add(tf.ones([4]), tf.ones([4])));
  const values = await t.data();
  t.dispose();
  if (values[0] !== 2) throw new Error('a test op returned a wrong value');
}

/**
 * Initialise the first backend that works, in the order the preference gives.
 * Resolves with what runs and why others were skipped; rejects only if even cpu fails.
 */
export async function initBackend(
  preference: BackendPreference,
  listeners: { onDeviceLost: DeviceLostListener; onGpuError: GpuErrorListener },
): Promise<BackendInfo> {
  const fallbackReasons: string[] = [];
  for (const name of order(preference)) {
    try {
      let adapterDescription = 'JavaScript (no GPU)';
      let isSoftwareAdapter = false;
      let limits: GpuLimits | null = null;
      if (name === 'webgpu') {
        const gpu = await registerWebGpu(listeners.onDeviceLost, listeners.onGpuError);
        adapterDescription = [gpu.info.vendor, gpu.info.architecture, gpu.info.description]
          .filter((s) => s)
          .join(' ');
        isSoftwareAdapter = gpu.software;
        limits = gpu.limits;
      }
      await loadBackend(name);
      const ok = await tf.setBackend(name);
      if (!ok || tf.getBackend() !== name) throw new Error(`tfjs could not initialise ${name}`);
      await tf.ready();
      await probe();
      if (name === 'webgl') {
        adapterDescription = String(tf.env().getNumber('WEBGL_VERSION') === 2 ? 'WebGL 2' : 'WebGL 1');
      }
      const ownConvKernels = chooseConvKernel(name, currentWebGpuCapabilities()).path === 'wgsl';
      return {
        backend: name,
        adapterDescription,
        isSoftwareAdapter,
        limits,
        fallbackReasons,
        ownConvKernels,
      };
    } catch (error) {
      fallbackReasons.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  throw new Error(`no TensorFlow.js backend works here (${fallbackReasons.join('; ')})`);
}
