/**
 * Dataset statistics: per-channel mean and standard deviation on the 0–255 scale, measured over the
 * first samples of the (unaugmented) training stream, to set a run's mean255 / std255 from data.
 */
import { renderSample } from './syntheticDataset';
import type { DatasetSpec } from './syntheticDataset';

export interface ChannelStats {
  mean255: number[];
  /** Population standard deviation. */
  std255: number[];
}

/** Mean and std per channel over samples 0..sampleCount−1 of `spec` (integer sums: exact, order-free). */
export function measureChannelStats(spec: DatasetSpec, sampleCount: number): ChannelStats {
  if (!Number.isInteger(sampleCount) || sampleCount < 1) throw new Error('sampleCount must be ≥ 1');
  const c = spec.channels;
  const sums = new Array<number>(c).fill(0);
  const squares = new Array<number>(c).fill(0);
  for (let id = 0; id < sampleCount; id++) {
    const { image } = renderSample(spec, id);
    for (let k = 0; k < c; k++) {
      let sum = 0;
      let square = 0;
      for (let i = k; i < image.length; i += c) {
        const v = image[i]!;
        sum += v;
        square += v * v;
      }
      sums[k] = sums[k]! + sum;
      squares[k] = squares[k]! + square;
    }
  }
  const count = sampleCount * spec.sizePx * spec.sizePx;
  const mean255 = sums.map((s) => s / count);
  const std255 = squares.map((q, k) => Math.sqrt(Math.max(0, q / count - mean255[k]! ** 2)));
  return { mean255, std255 };
}
