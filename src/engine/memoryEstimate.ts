/** Moved to src/config/memoryEstimate.ts (pure, shared with the UI's pre-flight check); re-exported here. */
export * from '../config/memoryEstimate';
