/**
 * Ready-made experiments, each just a link hash: DEFAULT_CONFIG plus a few changes as configuration A, and
 * `b.*` overrides as the comparison B. Sizes stay small enough for a software GPU (≤ 32 px, batch ≤ 4).
 * Pure data (words: src/i18n, `panels.presets`); the UI decodes a preset's hash exactly like a shared link.
 */
import { DEFAULT_CONFIG, type TrainConfig } from './trainConfig';
import { encodeConfigToHash } from './urlCodec';

export type Preset = {
  /** Stable id; its title and one-sentence lesson are the dictionary's `panels.presets.<id>`. */
  readonly id: string;
  /** A location hash (`#v=1&…`) for decodeHash. */
  readonly hash: string;
};

const preset = (id: string, a: Partial<TrainConfig>, b: Partial<TrainConfig>): Preset => ({
  id,
  hash: encodeConfigToHash({ ...DEFAULT_CONFIG, ...a }, { b }),
});

export const PRESETS: readonly Preset[] = [
  preset(
    'article',
    { imageDtype: 'uint8', normalizeOn: 'model', maskDtype: 'uint8', uploadPath: 'packed' },
    { imageDtype: 'float32', normalizeOn: 'loader', maskDtype: 'int32' },
  ),
  preset(
    'int32-trap',
    { imageDtype: 'uint8', normalizeOn: 'model', uploadPath: 'tf-tensor' },
    { uploadPath: 'packed' },
  ),
  preset(
    'starving-gpu',
    {
      imageSizePx: 16,
      batchSize: 2,
      baseWidth: 4,
      workers: 0,
      prefetch: 2,
      augment: true,
      blurRadiusPx: 24,
      sourceScale: 32,
    },
    { workers: 2 },
  ),
  preset('software-gpu', { imageSizePx: 16, batchSize: 2, depth: 2, baseWidth: 4 }, { backend: 'cpu' }),
  preset(
    'float16',
    { imageDtype: 'float16', normalizeOn: 'model', uploadPath: 'packed' },
    { normalizeOn: 'loader' },
  ),
  preset('onehot-masks', { maskDtype: 'float32-onehot' }, { maskDtype: 'uint8' }),
];
