/**
 * Cuts one float32 tensor of the webgpu backend into consecutive parts, each a new tensor, with GPU buffer
 * copies (no shader, no dispatch). tfjs 4.22's programs write a single output, so a program that produces two
 * results in one dispatch (the staged filter gradient's reduction: the filter's rows, then the bias) writes
 * them into one tensor and they are cut apart here.
 * It reaches the backend's command encoder and tensor map, which tfjs's types keep private: tfjs is pinned
 * exactly, and the Dawn parity tests (test/convKernels.test.ts, test/convBounds.test.ts) run this path.
 * The caller still owns `whole` and owns every part.
 */
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import type { DataId, TensorInfo } from '@tensorflow/tfjs-core';

/** The members of tfjs-backend-webgpu 4.22's backend used here (backend_webgpu.ts). */
interface BackendInternals {
  tensorMap: { get(id: DataId): { resource: unknown } };
  commandEncoder: GPUCommandEncoder | null;
  /** Ids whose buffers the pending command encoder uses: their release waits for the next submit. */
  commandQueueOwnedIds: WeakSet<DataId>;
  ensureCommandEncoderReady(): void;
  endComputePassEncoder(): void;
  uploadToGPU(id: DataId): void;
}

/** Parts of `whole`'s buffer, in order, with the given shapes (float32; their sizes must add up to at most whole's). */
export function cutRows(backend: WebGPUBackend, whole: TensorInfo, shapes: number[][]): TensorInfo[] {
  const b = backend as unknown as BackendInternals;
  const from = b.tensorMap.get(whole.dataId).resource as GPUBuffer;
  let offsetBytes = 0;
  return shapes.map((shape) => {
    const part = backend.makeTensorInfo(shape, 'float32');
    b.uploadToGPU(part.dataId);
    const to = b.tensorMap.get(part.dataId).resource as GPUBuffer;
    const bytes = shape.reduce((a, c) => a * c, 1) * 4;
    b.ensureCommandEncoderReady();
    b.endComputePassEncoder();
    b.commandEncoder!.copyBufferToBuffer(from, offsetBytes, to, 0, bytes);
    b.commandQueueOwnedIds.add(whole.dataId);
    b.commandQueueOwnedIds.add(part.dataId);
    offsetBytes += bytes;
    return part;
  });
}
