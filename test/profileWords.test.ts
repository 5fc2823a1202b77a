/**
 * The profile's sentences on the page (ui/profile/profileText.ts, from the dictionary) read exactly as the
 * engine writes them in English, for a step with kernel times and one without; in Chinese they differ and
 * keep the figures.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type TrainConfig } from '../src/config/trainConfig';
import { buildHostBatch } from '../src/data/buildBatch';
import { buildStepProfile, type RecordedStep } from '../src/engine/buildStepProfile';
import * as tf from '../src/engine/tf';
import { createTrainer } from '../src/engine/trainer';
import { en } from '../src/i18n/en';
import { zhCN } from '../src/i18n/zh-CN';
import { bottleneckText, timingNoteText } from '../src/ui/profile/profileText';

const tiny: TrainConfig = { ...DEFAULT_CONFIG, imageSizePx: 16, batchSize: 2, baseWidth: 4, augment: false };
let memory: RecordedStep;
let timed: RecordedStep;

beforeAll(async () => {
  await tf.setBackend('cpu');
  await tf.ready();
  const trainer = createTrainer(tiny, 'cpu');
  await trainer.step(buildHostBatch(tiny, 0));
  memory = {
    step: 2,
    recorded: await trainer.profileStep(buildHostBatch(tiny, 1), { kernelTimes: false }),
    dataWaitMs: 3,
  };
  timed = { step: 3, recorded: await trainer.profileStep(buildHostBatch(tiny, 2)), dataWaitMs: 2 };
  trainer.dispose();
});

describe('profile sentences', () => {
  it('in English read exactly as the engine writes them, with and without kernel times', () => {
    for (const p of [
      buildStepProfile(tiny, 'cpu', memory, timed),
      buildStepProfile(tiny, 'cpu', memory, null),
    ]) {
      expect(bottleneckText(en, p)).toBe(p.bottleneck);
      expect(timingNoteText(en, p)).toBe(p.timingNote);
    }
  });

  it('in Chinese are Chinese and keep the steps', () => {
    const p = buildStepProfile(tiny, 'cpu', memory, timed);
    expect(bottleneckText(zhCN, p)).not.toBe(p.bottleneck);
    expect(bottleneckText(zhCN, p)).toMatch(/^本步核函数时间的 \d+% 花在/);
    expect(timingNoteText(zhCN, p)).toContain('第 3 步');
  });
});
