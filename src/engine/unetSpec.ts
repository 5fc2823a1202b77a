/** Moved to src/config/unetSpec.ts (pure, shared with the UI's pre-flight check); re-exported for the engine. */
export * from '../config/unetSpec';
