/**
 * The engine's fault guards without a GPU: the error-scope wrapper (with a scripted fake device standing
 * in for GPUDevice) and the non-finite loss check (on the cpu backend).
 */
import * as tf from './tf';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type TrainConfig } from '../config/trainConfig';
import { buildHostBatch } from '../data/buildBatch';
import { GpuFaultError, withGpuErrorScopes } from './gpuErrorScope';
import { NonFiniteLossError, createTrainer } from './trainer';

type Filter = 'validation' | 'out-of-memory';

/** A device whose scopes capture the errors `raise` reports while they are open; it logs every call. */
function fakeDevice() {
  const log: string[] = [];
  const scopes: { filter: Filter; error: { message: string } | null }[] = [];
  const device = {
    pushErrorScope(filter: Filter) {
      log.push(`push ${filter}`);
      scopes.push({ filter, error: null });
    },
    popErrorScope() {
      const scope = scopes.pop();
      log.push(`pop ${scope?.filter ?? 'none'}`);
      if (!scope) return Promise.reject(new Error('popErrorScope with no scope open'));
      return Promise.resolve(scope.error);
    },
  };
  /** Reports a GPU error to the innermost open scope of its kind, as WebGPU does. */
  const raise = (filter: Filter, message: string) => {
    for (let i = scopes.length - 1; i >= 0; i--) {
      const scope = scopes[i]!;
      if (scope.filter === filter) {
        scope.error ??= { message };
        return;
      }
    }
    log.push(`uncaptured ${filter}`);
  };
  return { device: device as unknown as GPUDevice, log, raise, openScopes: () => scopes.length };
}

describe('withGpuErrorScopes', () => {
  it('opens validation and out-of-memory scopes and pops them only after the work resolved', async () => {
    const { device, log, openScopes } = fakeDevice();
    const value = await withGpuErrorScopes(device, async () => {
      log.push('work');
      await Promise.resolve();
      log.push('readback');
      return 42;
    });
    expect(value).toBe(42);
    expect(log).toEqual([
      'push validation',
      'push out-of-memory',
      'work',
      'readback',
      'pop out-of-memory',
      'pop validation',
    ]);
    expect(openScopes()).toBe(0);
  });

  it('turns a validation error inside the work into a GpuFaultError instead of a result', async () => {
    const { device, raise, openScopes } = fakeDevice();
    const run = withGpuErrorScopes(device, async () => {
      raise('validation', 'Buffer size (1073741828) exceeds the max buffer size limit (1073741824).');
      return 0.693; // the "loss" read back from an invalid buffer: a plausible, wrong number
    });
    await expect(run).rejects.toThrow(GpuFaultError);
    await expect(run).rejects.toThrow(
      'GPU validation error: Buffer size (1073741828) exceeds the max buffer size limit (1073741824).',
    );
    await run.catch((e: GpuFaultError) => expect(e.kind).toBe('validation'));
    expect(openScopes()).toBe(0);
  });

  it('reports out-of-memory before validation, and a GPU error before the work’s own error', async () => {
    const both = fakeDevice();
    const oom = withGpuErrorScopes(both.device, async () => {
      both.raise('validation', 'invalid buffer');
      both.raise('out-of-memory', 'could not allocate 3 GiB');
      throw new Error('AbortError: readback failed');
    });
    await expect(oom).rejects.toThrow('GPU out-of-memory error: could not allocate 3 GiB');
    expect(both.openScopes()).toBe(0);

    const plain = fakeDevice();
    const failing = withGpuErrorScopes(plain.device, async () => {
      throw new RangeError('upload too large');
    });
    await expect(failing).rejects.toThrow(RangeError);
    expect(plain.log).toEqual([
      'push validation',
      'push out-of-memory',
      'pop out-of-memory',
      'pop validation',
    ]);
  });

  it('never leaks a scope across steps, whatever each step does', async () => {
    const { device, raise, openScopes } = fakeDevice();
    const outcomes: string[] = [];
    for (let step = 0; step < 6; step++) {
      await withGpuErrorScopes(device, async () => {
        if (step === 1) raise('validation', 'bad');
        if (step === 3) throw new Error('boom');
        if (step === 4) raise('out-of-memory', 'full');
        return step;
      }).then(
        (v) => outcomes.push(`ok ${v}`),
        (e: Error) => outcomes.push(e.message),
      );
      expect(openScopes()).toBe(0);
    }
    expect(outcomes).toEqual([
      'ok 0',
      'GPU validation error: bad',
      'ok 2',
      'boom',
      'GPU out-of-memory error: full',
      'ok 5',
    ]);
  });

  it('just runs the work off WebGPU (no device)', async () => {
    await expect(withGpuErrorScopes(null, async () => 'cpu')).resolves.toBe('cpu');
  });
});

describe('the non-finite loss check', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
    await tf.ready();
  });

  it('stops training with NonFiniteLossError when the loss is not finite, leaking nothing', async () => {
    // float32 images normalized by the loader reach the model as they are: one NaN pixel poisons the loss.
    const config: TrainConfig = {
      ...DEFAULT_CONFIG,
      imageSizePx: 16,
      batchSize: 2,
      depth: 2,
      baseWidth: 4,
      imageDtype: 'float32',
      normalizeOn: 'loader',
      augment: false,
    };
    const baseline = tf.memory().numTensors;
    const trainer = createTrainer(config, 'cpu');
    const good = buildHostBatch(config, 0);
    const first = await trainer.step(good);
    expect(Number.isFinite(first.loss)).toBe(true);
    const tensorsAfterStep = tf.memory().numTensors;

    const poisoned = buildHostBatch(config, 1);
    new Float32Array(poisoned.images)[5] = Number.NaN;
    const failed = trainer.step(poisoned);
    await expect(failed).rejects.toThrow(NonFiniteLossError);
    await expect(failed).rejects.toThrow(
      'the loss became NaN at step 2; the run was stopped (lower the learning rate)',
    );
    // The failed step freed its batch and loss tensors.
    expect(tf.memory().numTensors).toBe(tensorsAfterStep);
    trainer.dispose();
    expect(tf.memory().numTensors).toBe(baseline);
  });
});
