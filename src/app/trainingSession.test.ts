/**
 * Stop keeps the weights: after Stop, a Start whose only changes steer the loop, the loader or the batches
 * continues the same model (steps go on, and the losses are those of one uninterrupted run), while a
 * change of a setting that defines the model starts again from the seed. Drives the training worker's
 * session in Node on the cpu backend, with 0 loader workers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TelemetryRow } from '../config/telemetry';
import { DEFAULT_CONFIG, type TrainConfig } from '../config/trainConfig';
import * as tf from '../engine/tf';
import type { FromWorker, ToWorker } from './trainingProtocol';
import { createTrainingSession } from './trainingSession';

const TINY: TrainConfig = {
  ...DEFAULT_CONFIG,
  imageSizePx: 16,
  batchSize: 2,
  baseWidth: 4,
  augment: false,
  backend: 'cpu',
  validateEverySteps: 1000,
};

/** A session with its messages recorded; `run` starts, and resolves when the run has ended. */
function harness() {
  const messages: FromWorker[] = [];
  let ended: (() => void) | null = null;
  const session = createTrainingSession({
    post: (m) => {
      messages.push(m);
      if (m.type === 'status' && (m.status === 'stopped' || m.status === 'failed')) ended?.();
    },
  });
  const send = (m: ToWorker) => session.handle(m);
  const run = async (config: TrainConfig) => {
    const done = new Promise<void>((resolve) => (ended = resolve));
    await send({ type: 'start', config });
    await done;
  };
  const rows = () =>
    messages.flatMap((m) => (m.type === 'telemetry' ? m.rows : [])) as readonly TelemetryRow[];
  const starts = () => messages.flatMap((m) => (m.type === 'run-start' ? [m] : []));
  const failures = () => messages.filter((m) => m.type === 'status' && m.status === 'failed');
  return { send, run, rows, starts, failures, messages };
}

beforeAll(async () => {
  await tf.ready();
});

/** Losses of one uninterrupted run of `steps` steps. */
async function referenceLosses(config: TrainConfig, steps: number): Promise<number[]> {
  const h = harness();
  await h.send({ type: 'init', backend: 'cpu' });
  await h.run({ ...config, maxSteps: steps });
  await h.send({ type: 'reset' });
  return h.rows().map((r) => r.loss);
}

describe('the training session after Stop', () => {
  it('continues the same model when only steering settings change', async () => {
    const reference = await referenceLosses(TINY, 4);
    expect(reference).toHaveLength(4);
    const steering: Partial<TrainConfig>[] = [
      { maxSteps: 3 },
      { maxSteps: 4, validateEverySteps: 999, prefetch: 3 },
    ];
    const h = harness();
    await h.send({ type: 'init', backend: 'cpu' });
    await h.run({ ...TINY, maxSteps: 2 });
    for (const patch of steering) await h.run({ ...TINY, ...patch });
    expect(h.failures()).toEqual([]);
    expect(h.starts().map((s) => [s.newModel, s.fromStep])).toEqual([
      [true, 0],
      [false, 2],
      [false, 3],
    ]);
    expect(h.rows().map((r) => r.step)).toEqual([1, 2, 3, 4]);
    // The same weights went on training: the losses are exactly those of one uninterrupted run.
    expect(h.rows().map((r) => r.loss)).toEqual(reference);
    const tensorsBefore = tf.memory().numTensors;
    await h.send({ type: 'reset' });
    expect(tf.memory().numTensors).toBeLessThan(tensorsBefore);
  });

  it('continues on new batches when a data setting changes', async () => {
    const h = harness();
    await h.send({ type: 'init', backend: 'cpu' });
    await h.run({ ...TINY, maxSteps: 2 });
    await h.run({ ...TINY, maxSteps: 3, batchSize: 4, imageDtype: 'float32', normalizeOn: 'loader' });
    expect(h.starts().map((s) => s.newModel)).toEqual([true, false]);
    const last = h.rows().at(-1)!;
    expect(last.step).toBe(3);
    // The new batch: float32 images 4 × 16 × 16 × 3 × 4 B, uint8 masks 4 × 16 × 16 B.
    expect(last.uploadedImageBytes).toBe(4 * 16 * 16 * 3 * 4);
    expect(last.hostBatchBytes).toBe(4 * 16 * 16 * 3 * 4 + 4 * 16 * 16);
    expect(Number.isFinite(last.loss)).toBe(true);
    await h.send({ type: 'reset' });
  });

  it('builds a new model from the seed when a defining setting changes', async () => {
    for (const patch of [{ seed: 7 }, { learningRate: 0.02 }, { baseWidth: 8 }] as Partial<TrainConfig>[]) {
      const fresh = await referenceLosses({ ...TINY, ...patch }, 1);
      const h = harness();
      await h.send({ type: 'init', backend: 'cpu' });
      await h.run({ ...TINY, maxSteps: 2 });
      await h.run({ ...TINY, ...patch, maxSteps: 1 });
      expect(h.starts().map((s) => [s.newModel, s.fromStep])).toEqual([
        [true, 0],
        [true, 0],
      ]);
      // Step 1 of the new model is step 1 of a fresh run of the new settings.
      expect(h.rows().at(-1)).toMatchObject({ step: 1, loss: fresh[0] });
      await h.send({ type: 'reset' });
    }
  });
});

describe("the batch finder's trial", () => {
  it('runs one real step per trial and frees everything: the tensor count returns to its baseline', async () => {
    const h = harness();
    await h.send({ type: 'init', backend: 'cpu' });
    // A trained model stays alive through the trials, untouched.
    await h.run({ ...TINY, maxSteps: 1 });
    const baseline = tf.memory().numTensors;
    const requests = [1, 2, 4].map((batchSize, i) => ({ config: { ...TINY, batchSize }, requestId: i + 1 }));
    for (const r of requests) await h.send({ type: 'trial', ...r });
    const reports = h.messages.flatMap((m) => (m.type === 'trial' ? [m] : []));
    expect(reports.map((m) => m.requestId)).toEqual([1, 2, 3]);
    for (const { report } of reports) {
      expect(report).toMatchObject({ ok: true, tensorsBefore: baseline, tensorsAfter: baseline });
      if (report.ok) expect(report.stepMs).toBeGreaterThan(0);
    }
    expect(tf.memory().numTensors).toBe(baseline);
    // A trial that fails (a hostile, fractional width: tfjs refuses the weight shapes) frees what it made, too.
    await h.send({ type: 'trial', config: { ...TINY, baseWidth: 2.5 }, requestId: 9 });
    const failed = h.messages.at(-2);
    expect(failed).toMatchObject({ type: 'trial', requestId: 9, report: { ok: false } });
    if (failed?.type === 'trial' && !failed.report.ok) {
      expect(failed.report.reason).not.toBe('');
      expect(failed.report.tensorsAfter).toBe(baseline);
    }
    expect(tf.memory().numTensors).toBe(baseline);
    // The trained model is still the one that goes on.
    await h.run({ ...TINY, maxSteps: 2 });
    expect(h.starts().map((s) => s.newModel)).toEqual([true, false]);
    await h.send({ type: 'reset' });
  });
});
