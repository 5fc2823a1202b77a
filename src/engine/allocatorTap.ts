/**
 * A tap on the WebGPU backend's buffer allocator (tfjs-backend-webgpu's BufferManager), the layer where
 * GPU memory is really handed out: every tensor's buffer, the buffers kernels use in passing, uniforms and
 * staging buffers. The tap keeps the high-water mark of the allocator's bytes in use (what
 * torch.cuda.max_memory_allocated is to PyTorch), resettable per step, and tells listeners (the step
 * recorder) of every buffer acquired and released.
 *
 * How: the manager instance's acquireBuffer/releaseBuffer are wrapped once (a WeakMap remembers the
 * managers already tapped). tfjs is pinned to an exact version (package.json) because this relies on its
 * internals; src/engine/allocatorTap.test.ts checks them. Cost per acquire: one comparison, plus the
 * listeners while any is attached. Only webgpu has such an allocator: elsewhere allocatorTap() is null.
 */
import * as tf from './tf';

/** The part of tfjs-backend-webgpu's BufferManager the tap uses. */
export interface BufferManagerInternals {
  numBytesUsed: number;
  numBytesAllocated: number;
  usedBuffers: Map<string, GPUBuffer[]>;
  acquireBuffer(size: number, usage: number, mappedAtCreation?: boolean, reuse?: boolean): GPUBuffer;
  releaseBuffer(buffer: GPUBuffer, reuse?: boolean): void;
}

interface AllocatorListener {
  /** A buffer of `bytes` was handed out (from the pool or newly created). */
  acquired(buffer: GPUBuffer, bytes: number, usage: number): void;
  /** A buffer went back to the pool (or was destroyed). */
  released(buffer: GPUBuffer, bytes: number): void;
}

export interface AllocatorTap {
  /** Bytes of buffers handed out and not given back: what memory() calls numBytesInGPU. */
  readonly bytesInUse: number;
  /** Bytes of every buffer the allocator holds, its reuse pool included. */
  readonly bytesAllocated: number;
  /** The highest bytesInUse since the last resetHighWater(). */
  readonly highWaterBytes: number;
  /** Starts a new high-water mark at the bytes in use now (like torch.cuda.reset_peak_memory_stats). */
  resetHighWater(): void;
  /** Every buffer in use now. */
  buffersInUse(): GPUBuffer[];
  /** Adds a listener; returns its removal. */
  listen(listener: AllocatorListener): () => void;
}

const taps = new WeakMap<object, { tap: AllocatorTap; remove: () => void }>();

/**
 * Taps one BufferManager (exported for tests and the bench, which run it on a stand-in manager); returns
 * the tap and the way to take it off again.
 */
export function tapBufferManager(manager: BufferManagerInternals): { tap: AllocatorTap; remove: () => void } {
  const listeners = new Set<AllocatorListener>();
  let highWater = manager.numBytesUsed;
  const acquire = manager.acquireBuffer;
  const release = manager.releaseBuffer;
  manager.acquireBuffer = function acquireTapped(size, usage, mappedAtCreation, reuse) {
    const buffer = acquire.call(this, size, usage, mappedAtCreation, reuse);
    if (this.numBytesUsed > highWater) highWater = this.numBytesUsed;
    for (const listener of listeners) listener.acquired(buffer, size, usage);
    return buffer;
  };
  manager.releaseBuffer = function releaseTapped(buffer, reuse) {
    const before = this.numBytesUsed;
    release.call(this, buffer, reuse);
    // tfjs ignores a release while its free list is empty (it then has nothing to give back): only a
    // release that lowered the bytes in use happened.
    if (this.numBytesUsed < before) for (const listener of listeners) listener.released(buffer, buffer.size);
  };
  const tap: AllocatorTap = {
    get bytesInUse() {
      return manager.numBytesUsed;
    },
    get bytesAllocated() {
      return manager.numBytesAllocated;
    },
    get highWaterBytes() {
      return highWater;
    },
    resetHighWater() {
      highWater = manager.numBytesUsed;
    },
    buffersInUse: () => [...manager.usedBuffers.values()].flat(),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const remove = () => {
    manager.acquireBuffer = acquire;
    manager.releaseBuffer = release;
  };
  return { tap, remove };
}

const activeManager = (): BufferManagerInternals | null => {
  if (tf.getBackend() !== 'webgpu') return null;
  const manager = (tf.backend() as unknown as { bufferManager?: BufferManagerInternals }).bufferManager;
  return manager && typeof manager.acquireBuffer === 'function' ? manager : null;
};

/** The tap on the active backend's allocator (installed on first use); null off webgpu. */
export function allocatorTap(): AllocatorTap | null {
  const manager = activeManager();
  if (!manager) return null;
  let entry = taps.get(manager);
  if (!entry) {
    entry = tapBufferManager(manager);
    taps.set(manager, entry);
  }
  return entry.tap;
}

/**
 * Takes the tap off the active backend's allocator (the next allocatorTap() puts a new one on). Only the
 * bench uses it, to time steps without peak tracking (case e).
 */
export function removeAllocatorTap(): void {
  const manager = activeManager();
  const entry = manager ? taps.get(manager) : undefined;
  if (!manager || !entry) return;
  entry.remove();
  taps.delete(manager);
}
