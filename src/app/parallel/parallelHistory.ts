/**
 * Every step record of the current parallel run, outside React (the store only gets the latest, at a
 * low rate). Read by the test API and the bench.
 */
import type { ParallelStepRecord } from '../../config/parallel';

const MAX_RECORDS = 1000;

export const parallelHistory = {
  records: [] as ParallelStepRecord[],
  weightDigests: [] as string[],
  liveWorkers: () => 0,
  clear() {
    this.records = [];
    this.weightDigests = [];
  },
  append(record: ParallelStepRecord) {
    this.records.push(record);
    if (this.records.length > MAX_RECORDS) this.records.shift();
  },
};
