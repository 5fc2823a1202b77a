/**
 * The store (src/state) and the engine (src/engine) may not import each other, so each declares the
 * lesson's words; this module, which may see both, makes the compiler prove they are the same lists.
 */
import type * as engine from '../../engine/parallel/parallelTypes';
import type * as store from '../../state/parallelStore';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const proof = <T extends true>(value: T): T => value;

export const VOCABULARY_AGREES = [
  proof<Same<engine.ParallelStrategy, store.ParallelStrategyName>>(true),
  proof<Same<engine.AllReduceAlgorithm, store.AllReduceName>>(true),
  proof<Same<engine.PayloadKind, store.PayloadKindName>>(true),
] as const;
