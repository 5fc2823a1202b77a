/**
 * Dataset statistics: per-channel mean and standard deviation on the 0–255 scale, summed over HWC byte
 * images (integer sums: exact, order-free), to set a run's mean255 / std255 from data.
 */

export interface ChannelStats {
  mean255: number[];
  /** Population standard deviation, at least 1 (a flat channel must not divide by zero). */
  std255: number[];
}

/** Running sums of `channels`-channel images: `add` each image, then read `stats`. */
export function channelSums(channels: number) {
  const sum = new Array<number>(channels).fill(0);
  const square = new Array<number>(channels).fill(0);
  let count = 0;
  return {
    add(pixels: Uint8Array): void {
      for (let k = 0; k < channels; k++) {
        for (let i = k; i < pixels.length; i += channels) {
          const v = pixels[i]!;
          sum[k]! += v;
          square[k]! += v * v;
        }
      }
      count += pixels.length / channels;
    },
    stats(): ChannelStats {
      const mean255 = sum.map((s) => s / count);
      const std255 = square.map((q, k) => Math.max(1, Math.sqrt(Math.max(0, q / count - mean255[k]! ** 2))));
      return { mean255, std255 };
    },
  };
}
