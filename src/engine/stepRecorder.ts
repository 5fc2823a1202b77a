/**
 * Records one training step for its profile (stepRecording.ts's StepRecording): hooks tfjs's engine for the
 * duration of that step only, then removes every hook. What it hooks, and why:
 * - engine.runKernelFunc: each kernel's name, inputs, outputs and shapes, the phase and the layer it ran
 *   in, and tf.profile's record of it (its kernel time), when a profile is running;
 * - engine.trackTensor / engine.removeDataId: when each piece of tensor data (a data id) appears and is
 *   freed, so that the categories know what lived when;
 * - on webgpu, the allocator (allocatorTap.ts) and backend.uploadToGPU: which GPU buffer holds which data,
 *   so the memory figures are the allocator's own (buffers kernels use in passing included);
 * - at the end of the forward pass, every tape node's gradient function, so that backward kernels carry
 *   the layer of the forward op they differentiate.
 * tfjs internals: pinned exactly (package.json), checked by stepRecorder.test.ts. Not for normal steps:
 * a normal step only reads the allocator's high-water mark (allocatorTap.ts).
 */
import * as tf from './tf';
import type { KernelTiming, StepPhase } from '../config/stepProfile';
import { allocatorTap, type AllocatorTap } from './allocatorTap';
import { currentLayer, inLayer } from './layerScope';
import type { RecordedKernel, RecordedTensor, StepRecording, TensorRole } from './stepRecording';

/** What the trainer tells a recorder while it runs a step; NO_STEP_HOOKS does nothing. */
export interface StepHooks {
  /** A new phase of the step starts now. */
  phase(phase: StepPhase): void;
  /** The tensors holding the uploaded batch. */
  inputs(tensors: readonly tf.Tensor[]): void;
  /** The forward pass (loss included) is about to return; the backward pass follows. */
  forwardDone(): void;
  /** The weight gradients, as the optimizer receives them. */
  gradients(tensors: readonly tf.Tensor[]): void;
  /** The step's work is done (the loss is read back); what follows is clean-up. */
  end(): void;
}

export const NO_STEP_HOOKS: StepHooks = {
  phase: () => {},
  inputs: () => {},
  forwardDone: () => {},
  gradients: () => {},
  end: () => {},
};

/** The tensors the recorder must know by role before and after the step. */
export interface KnownTensors {
  weights(): readonly tf.Tensor[];
  constants(): readonly tf.Tensor[];
  optimizerVariables(): readonly tf.Tensor[];
}

interface StepRecorder extends StepHooks {
  /** Removes every hook and returns the record (call after tf.profile has resolved, to get kernel times). */
  finish(): StepRecording;
}

type DataId = object;

interface KernelParams {
  kernelName?: string;
  inputs: Record<string, tf.Tensor | null | undefined>;
  attrs?: Record<string, unknown>;
}

interface TapeNode {
  id: number;
  gradient?: (dys: tf.Tensor[]) => Record<string, () => tf.Tensor>;
}

/** The part of tfjs-core's Engine the recorder hooks. */
interface EngineInternals {
  state: {
    tensorInfo: WeakMap<DataId, { bytes: number }>;
    activeTape: TapeNode[] | null;
    nextTapeNodeId: number;
    profiling: boolean;
    activeProfile: { kernels: { kernelTimeMs: unknown }[] };
  };
  trackTensor(a: tf.Tensor, backend: unknown): void;
  removeDataId(dataId: DataId, backend: unknown): void;
  runKernelFunc(params: KernelParams): tf.Tensor | tf.Tensor[];
}

interface WebGpuInternals {
  uploadToGPU(dataId: DataId): void;
  tensorMap: { get(dataId: DataId): { resource?: unknown } | undefined };
}

/** GPUBufferUsage.STORAGE: the usage of every tensor buffer tfjs-webgpu allocates. */
const STORAGE_USAGE = 0x0080;

/** Replaces obj[name] with `replacement` and returns how to put the original back. */
function patch<T extends object, K extends keyof T>(obj: T, name: K, replacement: T[K]): () => void {
  const own = Object.prototype.hasOwnProperty.call(obj, name);
  const original = obj[name];
  obj[name] = replacement;
  return () => {
    if (own) obj[name] = original;
    else delete obj[name];
  };
}

const shapeOf = (t: tf.Tensor | null | undefined): number[] => (t ? [...t.shape] : []);

/** No known tensors: a recording of any run, for its kernels (the bench's reference step). */
export const NO_KNOWN_TENSORS: KnownTensors = {
  weights: () => [],
  constants: () => [],
  optimizerVariables: () => [],
};

function startStepRecorder(known: KnownTensors, initialPhase: StepPhase = 'upload'): StepRecorder {
  const engine = tf.engine() as unknown as EngineInternals;
  const state = engine.state;
  const tap: AllocatorTap | null = allocatorTap();
  const unit: StepRecording['unit'] = tap ? 'gpu-buffers' : 'tensor-data';
  const t0 = performance.now();

  const tensors: RecordedTensor[] = [];
  const tensorIds = new WeakMap<DataId, number>();
  const kernels: RecordedKernel[] = [];
  const profileRecords: ({ kernelTimeMs: unknown } | null)[] = [];
  const events = { kind: [] as number[], key: [] as number[], bytes: [] as number[], owner: [] as number[] };
  const phaseStartsMs: StepRecording['phaseStartsMs'] = [];
  let endMs: number | null = null;
  const tapeLayers = new Map<number, string | null>();
  let phase: StepPhase = initialPhase;
  let producer: number | null = null;

  const eventCount = () => events.kind.length;
  const pushEvent = (kind: 0 | 1, key: number, bytes: number, owner: number) => {
    events.kind.push(kind);
    events.key.push(key);
    events.bytes.push(bytes);
    events.owner.push(owner);
  };

  const addTensor = (dataId: DataId, bytes: number, createdPhase: RecordedTensor['createdPhase']) => {
    const id = tensors.length;
    tensors.push({ id, bytes, createdPhase, producer, freedAtEvent: null, role: null });
    tensorIds.set(dataId, id);
    return id;
  };
  const idOf = (t: tf.Tensor | null | undefined): number =>
    t ? (tensorIds.get(t.dataId as DataId) ?? -1) : -1;
  const setRole = (list: readonly tf.Tensor[], role: TensorRole) => {
    for (const t of list) {
      const id = idOf(t);
      if (id >= 0) tensors[id]!.role = role;
    }
  };

  // Data that exists before the step: what the trainer holds, by role.
  const seeded: { tensor: tf.Tensor; role: TensorRole }[] = [
    ...known.weights().map((tensor) => ({ tensor, role: 'weight' as const })),
    ...known.constants().map((tensor) => ({ tensor, role: 'constant' as const })),
    ...known.optimizerVariables().map((tensor) => ({ tensor, role: 'optimizer' as const })),
  ];
  for (const { tensor, role } of seeded) {
    const dataId = tensor.dataId as DataId;
    if (tensorIds.has(dataId)) continue;
    const bytes = state.tensorInfo.get(dataId)?.bytes ?? 0;
    tensors[addTensor(dataId, bytes, 'before')]!.role = role;
  }

  const restores: (() => void)[] = [];

  // Memory events: tensor data everywhere; on webgpu, the allocator's buffers instead.
  const bufferIds = new WeakMap<GPUBuffer, number>();
  let nextBufferId = 0;
  let uploading: DataId | null = null;
  /** Buffer events whose data id the engine has not tracked yet (a kernel's output, until it returns). */
  const awaitingOwner = new WeakMap<DataId, number>();
  if (tap) {
    const backend = tf.backend() as unknown as WebGpuInternals;
    const ownerOfBuffer = new Map<unknown, number>();
    for (const { tensor } of seeded) {
      const resource = backend.tensorMap.get(tensor.dataId as DataId)?.resource;
      if (resource) ownerOfBuffer.set(resource, idOf(tensor));
    }
    for (const buffer of tap.buffersInUse()) {
      const key = nextBufferId++;
      bufferIds.set(buffer, key);
      pushEvent(0, key, buffer.size, ownerOfBuffer.get(buffer) ?? -1);
    }
    restores.push(
      tap.listen({
        acquired(buffer, bytes, usage) {
          const key = nextBufferId++;
          bufferIds.set(buffer, key);
          let owner = -1;
          if (uploading !== null && (usage & STORAGE_USAGE) !== 0) {
            // A kernel's output gets its buffer before tfjs's engine tracks it: the owner is filled in then.
            owner = tensorIds.get(uploading) ?? -1;
            if (owner < 0) awaitingOwner.set(uploading, eventCount());
          }
          pushEvent(0, key, bytes, owner);
        },
        released(buffer, bytes) {
          const key = bufferIds.get(buffer);
          if (key !== undefined) pushEvent(1, key, bytes, -1);
        },
      }),
    );
    const upload = backend.uploadToGPU;
    restores.push(
      patch(backend, 'uploadToGPU', function uploadRecorded(this: WebGpuInternals, dataId: DataId) {
        const outer = uploading;
        uploading = dataId;
        try {
          upload.call(this, dataId);
        } finally {
          uploading = outer;
        }
      }),
    );
  } else {
    for (const t of tensors) pushEvent(0, t.id, t.bytes, t.id);
  }
  const seedCount = eventCount();

  const track = engine.trackTensor;
  restores.push(
    patch(
      engine,
      'trackTensor',
      function trackRecorded(this: EngineInternals, a: tf.Tensor, backend: unknown) {
        const dataId = a.dataId as DataId;
        const fresh = !state.tensorInfo.has(dataId);
        track.call(this, a, backend);
        if (!fresh) return;
        const id = addTensor(dataId, state.tensorInfo.get(dataId)?.bytes ?? 0, phase);
        if (!tap) pushEvent(0, id, tensors[id]!.bytes, id);
        const event = awaitingOwner.get(dataId);
        if (event !== undefined) {
          events.owner[event] = id;
          awaitingOwner.delete(dataId);
        }
      },
    ),
  );
  const remove = engine.removeDataId;
  restores.push(
    patch(
      engine,
      'removeDataId',
      function removeRecorded(this: EngineInternals, dataId: DataId, backend: unknown) {
        const had = state.tensorInfo.has(dataId);
        remove.call(this, dataId, backend);
        const id = tensorIds.get(dataId);
        if (!had || state.tensorInfo.has(dataId) || id === undefined) return;
        const t = tensors[id]!;
        t.freedAtEvent = eventCount();
        if (!tap) pushEvent(1, id, t.bytes, -1);
      },
    ),
  );

  const run = engine.runKernelFunc;
  restores.push(
    patch(engine, 'runKernelFunc', function kernelRecorded(this: EngineInternals, params: KernelParams) {
      const registered = typeof params.kernelName === 'string';
      const firstTapeId = state.nextTapeNodeId;
      const layer = currentLayer();
      // The kernel takes its place now: kernels it runs inside (tfjs clones the tensors it saves for the
      // backward pass with an Identity kernel) come after it, and data made while it runs is its output.
      const index = kernels.length;
      const outerProducer = producer;
      if (registered) {
        const inputs = Object.values(params.inputs);
        const filterShape = params.attrs?.filterShape;
        kernels.push({
          name: params.kernelName!,
          phase,
          layer,
          inputs: inputs.map(idOf),
          outputs: [],
          inputShapes: inputs.map(shapeOf),
          outputShapes: [],
          filterShape: Array.isArray(filterShape) ? filterShape.map(Number) : null,
          startEvent: eventCount(),
          endEvent: eventCount(),
          dispatchedAtMs: 0,
          ms: null,
        });
        profileRecords.push(null);
        producer = index;
      }
      let out: tf.Tensor | tf.Tensor[];
      try {
        out = run.call(this, params);
      } finally {
        producer = outerProducer;
      }
      for (let id = firstTapeId; id < state.nextTapeNodeId; id++) tapeLayers.set(id, layer);
      if (!registered) return out;
      const outputs = Array.isArray(out) ? out : [out];
      const kernel = kernels[index]!;
      kernel.outputs = outputs.map(idOf);
      kernel.outputShapes = outputs.map(shapeOf);
      kernel.endEvent = eventCount();
      kernel.dispatchedAtMs = performance.now() - t0;
      // tf.profile adds its record of a kernel when the kernel returns: the newest one is this kernel's.
      if (state.profiling) profileRecords[index] = state.activeProfile.kernels.at(-1) ?? null;
      return out;
    }),
  );

  const markPhase = (next: StepPhase) => {
    phase = next;
    phaseStartsMs.push({ phase: next, atMs: performance.now() - t0 });
  };
  markPhase(initialPhase);

  return {
    phase: markPhase,
    inputs: (list) => setRole(list, 'input'),
    gradients: (list) => setRole(list, 'gradient'),
    end: () => {
      endMs = performance.now() - t0;
    },
    forwardDone() {
      // Backward kernels run inside the gradient functions of the forward's tape nodes: give them the layer
      // of the node they differentiate. (The tape is filtered by copying nodes, which keeps these wrappers.)
      for (const node of state.activeTape ?? []) {
        const gradient = node.gradient;
        if (!gradient) continue;
        const layer = tapeLayers.get(node.id) ?? null;
        node.gradient = (dys) => {
          const byInput = inLayer(layer, () => gradient(dys));
          const wrapped: Record<string, () => tf.Tensor> = {};
          for (const [name, compute] of Object.entries(byInput))
            wrapped[name] = () => inLayer(layer, compute);
          return wrapped;
        };
      }
      markPhase('backward');
    },
    finish() {
      for (const restore of restores.reverse()) restore();
      restores.length = 0;
      setRole(known.weights(), 'weight');
      setRole(known.optimizerVariables(), 'optimizer');
      kernels.forEach((k, i) => {
        const ms = profileRecords[i]?.kernelTimeMs;
        k.ms = typeof ms === 'number' && Number.isFinite(ms) ? ms : null;
      });
      return {
        unit,
        tensors,
        kernels,
        events: { ...events, seedCount },
        phaseStartsMs,
        endMs: endMs ?? performance.now() - t0,
      };
    },
  };
}

/**
 * Runs `run` with a recorder attached, inside tf.profile when kernel times are wanted (`timing` not
 * 'none'), and always leaves tfjs as it was: hooks removed, and the engine out of profiling mode even when
 * `run` throws (tf.profile leaves it on then, and every later kernel would be timed). The one way steps
 * are recorded: by the trainer's profile and by the bench's kernel breakdown (case g).
 */
export async function recordRun<T>(
  known: KnownTensors,
  timing: KernelTiming,
  run: (hooks: StepHooks) => Promise<T>,
  initialPhase: StepPhase = 'upload',
): Promise<{ value: T; recording: StepRecording }> {
  const recorder = startStepRecorder(known, initialPhase);
  let result: { value: T } | null = null;
  let recording: StepRecording;
  try {
    if (timing === 'none') {
      result = { value: await run(recorder) };
    } else {
      await tf.profile(async () => {
        result = { value: await run(recorder) };
        return [];
      });
    }
  } finally {
    (tf.engine() as unknown as EngineInternals).state.profiling = false;
    recording = recorder.finish();
  }
  if (!result) throw new Error('the recorded run returned nothing');
  return { value: (result as { value: T }).value, recording };
}
