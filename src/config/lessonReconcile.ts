/**
 * The figures that reconcile a lesson's measurement with the article's: how many times another device's
 * outputs DataParallel gathers on device 0. Pure; pinned by a unit test.
 */

/**
 * Outputs device 0 holds ÷ outputs one other device holds under nn.DataParallel: the whole batch's
 * against one equal shard (batch ÷ devices samples), i.e. `devices` when the batch divides evenly.
 */
export function gatheredOutputRatio(batchSize: number, devices: number): number {
  if (!Number.isInteger(devices) || devices < 1 || batchSize < devices) return Number.NaN;
  return batchSize / Math.floor(batchSize / devices);
}
