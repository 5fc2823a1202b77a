/**
 * Describes where the bench ran: backend, WebGPU adapter (asked for again, read-only), user agent,
 * cores, tfjs version. Works in the browser and in Node with Dawn's navigator.gpu. No DOM.
 */
import * as tf from '@tensorflow/tfjs';
import type { BackendInfo } from '../engine/backend';
import type { AdapterSummary, BenchEnvironment } from './benchTypes';

async function adapterSummary(): Promise<AdapterSummary | null> {
  const gpu = (globalThis.navigator as Navigator | undefined)?.gpu;
  if (!gpu) return null;
  try {
    const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
    if (!adapter) return null;
    const info = adapter.info;
    return {
      vendor: info.vendor,
      architecture: info.architecture,
      description: info.description,
      isFallbackAdapter: Boolean(
        (info as GPUAdapterInfo & { isFallbackAdapter?: boolean }).isFallbackAdapter,
      ),
    };
  } catch {
    return null;
  }
}

export async function describeEnvironment(
  runner: 'browser' | 'node',
  info: BackendInfo,
  userAgent: string,
): Promise<BenchEnvironment> {
  return {
    runner,
    backend: info.backend,
    adapter: await adapterSummary(),
    userAgent,
    hardwareConcurrency: globalThis.navigator?.hardwareConcurrency ?? 0,
    tfjsVersion: tf.version.tfjs,
    fallbackReasons: info.fallbackReasons,
  };
}
