/**
 * The allocator tap on a stand-in of tfjs-webgpu's BufferManager that keeps the same books (numBytesUsed
 * up on acquire, down on release; a release ignored while the free list is empty, as tfjs does). The real
 * manager is checked on Dawn by test/nodeEngine.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { tapBufferManager, type BufferManagerInternals } from './allocatorTap';

function standIn(): BufferManagerInternals & { freeBuffers: Map<string, GPUBuffer[]> } {
  const manager = {
    numBytesUsed: 0,
    numBytesAllocated: 0,
    usedBuffers: new Map<string, GPUBuffer[]>(),
    freeBuffers: new Map<string, GPUBuffer[]>(),
    acquireBuffer(size: number): GPUBuffer {
      const buffer = { size } as GPUBuffer;
      manager.numBytesUsed += size;
      manager.numBytesAllocated += size;
      manager.usedBuffers.set(String(size), [...(manager.usedBuffers.get(String(size)) ?? []), buffer]);
      manager.freeBuffers.set(String(size), []);
      return buffer;
    },
    releaseBuffer(buffer: GPUBuffer): void {
      if (manager.freeBuffers.size === 0) return;
      manager.numBytesUsed -= buffer.size;
      const list = manager.usedBuffers.get(String(buffer.size)) ?? [];
      manager.usedBuffers.set(
        String(buffer.size),
        list.filter((b) => b !== buffer),
      );
    },
  };
  return manager;
}

describe('tapBufferManager', () => {
  it('keeps the high-water mark of the bytes in use, from the last reset', () => {
    const m = standIn();
    const { tap } = tapBufferManager(m);
    const a = m.acquireBuffer(100, 0);
    const b = m.acquireBuffer(300, 0);
    m.releaseBuffer(b);
    m.acquireBuffer(50, 0);
    expect([tap.bytesInUse, tap.highWaterBytes]).toEqual([150, 400]);
    tap.resetHighWater();
    expect(tap.highWaterBytes).toBe(150);
    m.releaseBuffer(a);
    m.acquireBuffer(20, 0);
    expect(tap.highWaterBytes).toBe(150);
    expect(tap.bytesAllocated).toBe(470);
    expect(
      tap
        .buffersInUse()
        .map((x) => x.size)
        .sort((x, y) => x - y),
    ).toEqual([20, 50]);
  });

  it('tells listeners of every acquire and of the releases that happened, until removed', () => {
    const m = standIn();
    const { tap, remove } = tapBufferManager(m);
    const events: string[] = [];
    const stop = tap.listen({
      acquired: (buffer, bytes, usage) => events.push(`+${bytes}/${usage}`),
      released: (buffer, bytes) => events.push(`-${bytes}`),
    });
    // tfjs ignores a release while its free list is empty: not a release.
    m.releaseBuffer({ size: 8 } as GPUBuffer);
    const x = m.acquireBuffer(64, 0x80);
    m.releaseBuffer(x);
    stop();
    m.acquireBuffer(32, 0);
    expect(events).toEqual(['+64/128', '-64']);
    remove();
    m.acquireBuffer(1000, 0);
    expect(tap.highWaterBytes).toBe(64); // the tap is off: nothing more is seen
  });
});
