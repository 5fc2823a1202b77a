/**
 * From a StepRecording to memory by category: which category each piece of tensor data belongs to, and the
 * bytes of every category over the step's kernels. Pure (no tfjs): unit-tested on hand-made records and on
 * recordings of real CPU steps.
 *
 * The rules, first match wins (after PyTorch's memory timeline):
 * 1. parameters: the model's variables (before or after the optimizer's update) and its constants;
 * 2. optimizer state: the optimizer's variables (before or after the update);
 * 3. gradients: a weight's gradient as handed to the optimizer;
 * 4. inputs: the uploaded batch, and the output of any upload or forward kernel whose inputs are all
 *    inputs or constants (the unpacked, cast, normalized and one-hot forms of the batch);
 * 5. activations: made in the forward phase and still alive when the next backward kernel starts (tfjs
 *    frees the forward's other tensors when the forward returns: what is left was saved for backward; with
 *    micro-batches each part has its own forward and backward);
 * 6. temporaries: everything else, and any buffer that holds no tensor (a kernel's scratch, uniforms,
 *    staging buffers).
 */
import {
  MEMORY_CATEGORIES,
  zeroCategoryBytes,
  type MemoryCategory,
  type MemoryTimeline,
} from '../config/stepProfile';
import type { StepRecording } from './stepRecording';

/** The category of every recorded tensor, indexed by its id. */
export function classifyTensors(recording: StepRecording): MemoryCategory[] {
  const { tensors, kernels } = recording;
  // The start event of the first backward kernel at or after each kernel index.
  const nextBackwardStart: number[] = new Array<number>(kernels.length + 1);
  nextBackwardStart[kernels.length] = Number.POSITIVE_INFINITY;
  for (let i = kernels.length - 1; i >= 0; i--) {
    const k = kernels[i]!;
    nextBackwardStart[i] = k.phase === 'backward' ? k.startEvent : nextBackwardStart[i + 1]!;
  }
  const category: (MemoryCategory | null)[] = tensors.map((t) => {
    switch (t.role) {
      case 'weight':
      case 'constant':
        return 'parameters';
      case 'optimizer':
        return 'optimizerState';
      case 'gradient':
        return 'gradients';
      case 'input':
        return 'inputs';
      default:
        return null;
    }
  });
  const isInputLike = (id: number) =>
    id >= 0 && (category[id] === 'inputs' || tensors[id]?.role === 'constant');
  // Rule 4, in dispatch order so that chains (reshape → cast → normalize) follow through.
  for (const k of kernels) {
    if (k.phase !== 'upload' && k.phase !== 'forward') continue;
    if (k.inputs.length === 0 || !k.inputs.every(isInputLike)) continue;
    for (const id of k.outputs) if (id >= 0 && category[id] === null) category[id] = 'inputs';
  }
  return tensors.map((t, id) => {
    const known = category[id];
    if (known) return known;
    const backwardStart = nextBackwardStart[t.producer ?? 0]!;
    const keptForBackward = t.freedAtEvent === null || t.freedAtEvent > backwardStart;
    return t.createdPhase === 'forward' && keptForBackward ? 'activations' : 'temporaries';
  });
}

/**
 * Replays the memory events: one point before the first kernel, one per kernel (the state at the highest
 * total among the events after the previous kernel's end up to this kernel's end), one for what follows
 * the last kernel.
 * The peak is the highest total at any event, so it is also the highest point.
 */
export function memoryTimeline(
  recording: StepRecording,
  categories: readonly MemoryCategory[],
): MemoryTimeline {
  const { events, kernels } = recording;
  const live = new Map<number, { bytes: number; category: MemoryCategory }>();
  const now = zeroCategoryBytes();
  let total = 0;
  const categoryOf = (owner: number): MemoryCategory =>
    owner >= 0 ? (categories[owner] ?? 'temporaries') : 'temporaries';
  const apply = (i: number) => {
    const key = events.key[i]!;
    if (events.kind[i] === 0) {
      const entry = { bytes: events.bytes[i]!, category: categoryOf(events.owner[i]!) };
      live.set(key, entry);
      now[entry.category] += entry.bytes;
      total += entry.bytes;
    } else {
      const entry = live.get(key);
      if (!entry) return;
      live.delete(key);
      now[entry.category] -= entry.bytes;
      total -= entry.bytes;
    }
  };

  const kernelIndex: number[] = [];
  const columns = Object.fromEntries(MEMORY_CATEGORIES.map((c) => [c, [] as number[]])) as Record<
    MemoryCategory,
    number[]
  >;
  const maxByCategory = zeroCategoryBytes();
  let peakBytes = -1;
  let peakPoint = 0;
  let atPeak = zeroCategoryBytes();
  let intervalHigh = -1;
  let intervalState = zeroCategoryBytes();
  const observe = () => {
    if (total > intervalHigh) {
      intervalHigh = total;
      intervalState = { ...now };
    }
    for (const c of MEMORY_CATEGORIES) if (now[c] > maxByCategory[c]) maxByCategory[c] = now[c];
  };
  const closePoint = (index: number) => {
    // An interval without events keeps the state it started in.
    if (intervalHigh < 0) {
      intervalHigh = total;
      intervalState = { ...now };
    }
    kernelIndex.push(index);
    for (const c of MEMORY_CATEGORIES) columns[c].push(intervalState[c]);
    if (intervalHigh > peakBytes) {
      peakBytes = intervalHigh;
      peakPoint = kernelIndex.length - 1;
      atPeak = intervalState;
    }
    intervalHigh = -1;
  };

  let i = 0;
  const count = events.kind.length;
  for (; i < events.seedCount; i++) apply(i);
  observe();
  const startBytes = total;
  closePoint(-1);
  kernels.forEach((k, index) => {
    for (; i < k.endEvent && i < count; i++) {
      apply(i);
      observe();
    }
    closePoint(index);
  });
  for (; i < count; i++) {
    apply(i);
    observe();
  }
  closePoint(kernels.length);
  return {
    unit: recording.unit,
    kernelIndex,
    bytes: columns,
    peakBytes,
    peakPoint,
    atPeak,
    maxByCategory,
    startBytes,
  };
}
