/**
 * Runs async GPU work inside WebGPU error scopes (validation, out-of-memory), popped only after the
 * work's awaited readback, so an oversized or invalid dispatch — which tfjs would let through as silently
 * wrong numbers — becomes an exception. Off webgpu (device null) it just runs the work.
 */
export class GpuFaultError extends Error {
  constructor(
    readonly kind: 'validation' | 'out-of-memory',
    message: string,
  ) {
    super(`GPU ${kind} error: ${message}`);
    this.name = 'GpuFaultError';
  }
}

export async function withGpuErrorScopes<T>(device: GPUDevice | null, work: () => Promise<T>): Promise<T> {
  if (!device) return work();
  device.pushErrorScope('validation');
  device.pushErrorScope('out-of-memory');
  const outcome = await work().then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  // Pop in reverse order even when work threw, so scopes never leak across steps. A GPU error explains
  // a failed readback better than the readback's own error, so it wins.
  const oom = await device.popErrorScope();
  const validation = await device.popErrorScope();
  if (oom) throw new GpuFaultError('out-of-memory', oom.message);
  if (validation) throw new GpuFaultError('validation', validation.message);
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}
