import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type TrainConfig } from '../../config/trainConfig';
import { buildHostBatch } from '../buildBatch';
import { createLoaderCore, INJECTED_CRASH_MESSAGE } from './loaderCore';
import type { FromLoader } from './loaderProtocol';

const CONFIG: TrainConfig = { ...DEFAULT_CONFIG, imageSizePx: 16, batchSize: 2, blurRadiusPx: 2 };

function core() {
  const sent: { message: FromLoader; transfer: Transferable[] }[] = [];
  const handle = createLoaderCore((message, transfer) => sent.push({ message, transfer }));
  return { sent, handle };
}

describe('loaderCore (one loader worker)', () => {
  it('builds the requested batch and transfers exactly its two buffers', () => {
    const { sent, handle } = core();
    handle({ type: 'init', workerIndex: 3, config: CONFIG, files: null });
    handle({ type: 'build', batchIndex: 6 });
    expect(sent).toHaveLength(1);
    const { message, transfer } = sent[0]!;
    if (message.type !== 'batch') throw new Error(`expected a batch, got ${message.type}`);
    expect(message.workerIndex).toBe(3);
    expect(transfer).toEqual([message.batch.images, message.batch.masks]);
    const expected = buildHostBatch(CONFIG, 6);
    expect(new Uint8Array(message.batch.images)).toEqual(new Uint8Array(expected.images));
    expect(new Uint8Array(message.batch.masks)).toEqual(new Uint8Array(expected.masks));
  });

  it('reports a build before init as a failure message', () => {
    const { sent, handle } = core();
    handle({ type: 'build', batchIndex: 0 });
    expect(sent).toEqual([
      {
        message: {
          type: 'build-failed',
          workerIndex: -1,
          batchIndex: 0,
          message: 'asked to build before init',
        },
        transfer: [],
      },
    ]);
  });

  it('crash-next makes only the next build throw, and the error travels as a message', () => {
    const { sent, handle } = core();
    handle({ type: 'init', workerIndex: 1, config: CONFIG, files: null });
    handle({ type: 'crash-next' });
    handle({ type: 'build', batchIndex: 4 });
    handle({ type: 'build', batchIndex: 5 });
    expect(sent.map((s) => s.message.type)).toEqual(['build-failed', 'batch']);
    expect(sent[0]!.message).toEqual({
      type: 'build-failed',
      workerIndex: 1,
      batchIndex: 4,
      message: INJECTED_CRASH_MESSAGE,
    });
  });

  it('passes on the message of a build that throws', () => {
    const { sent, handle } = core();
    handle({
      type: 'init',
      workerIndex: 0,
      config: { ...CONFIG, imageDtype: 'uint8', normalizeOn: 'loader' },
      files: null,
    });
    handle({ type: 'build', batchIndex: 2 });
    expect(sent[0]!.message).toMatchObject({ type: 'build-failed', batchIndex: 2 });
    expect(sent[0]!.message.type === 'build-failed' && sent[0]!.message.message).toMatch(/uint8 storage/);
  });
});
