/**
 * Assembles a StepProfile (config/stepProfile.ts) from recorded steps: the memory of one step recorded as
 * it normally runs, and the kernel times of the next step, profiled (or of the same step when the backend
 * cannot time kernels). Pure over its inputs: no tfjs calls.
 */
import {
  STEP_PHASES,
  type KernelTiming,
  type PhaseSpan,
  type ProfiledKernel,
  type StepPhase,
  type StepProfile,
} from '../config/stepProfile';
import type { TrainConfig } from '../config/trainConfig';
import type { ConvChoiceReport } from '../config/convKernels';
import type { BackendName } from './backend';
import { kernelFlops } from './flops';
import { classifyTensors, memoryTimeline } from './memoryTimeline';
import { bottleneckLine, summarizeKernels, summarizeLayers, totalKernelMs } from './profileSummary';
import type { StepRecording } from './stepRecording';
import type { ProfiledStep } from './trainer';

/** One recorded step and where it sat in the run. */
export interface RecordedStep {
  /** Its step number (1-based, as telemetry counts). */
  step: number;
  recorded: ProfiledStep;
  /** ms the loop waited for its batch before the step. */
  dataWaitMs: number;
}

const phaseOrder = (phase: StepPhase) => STEP_PHASES.indexOf(phase);

/**
 * The step's phases, data wait first; they add up to the step's wall time. With micro-batches a phase
 * recurs (upload, forward, backward once per part): its spans are added up into one.
 */
function stepPhases(recording: StepRecording, dataWaitMs: number): PhaseSpan[] {
  const marks = recording.phaseStartsMs;
  const durations = new Map<StepPhase, number>();
  marks.forEach((mark, i) => {
    const end = i + 1 < marks.length ? marks[i + 1]!.atMs : recording.endMs;
    durations.set(mark.phase, (durations.get(mark.phase) ?? 0) + Math.max(0, end - mark.atMs));
  });
  const spans: PhaseSpan[] = [{ phase: 'data-wait', startMs: 0, durationMs: dataWaitMs }];
  let startMs = dataWaitMs;
  for (const phase of [...durations.keys()].sort((a, b) => phaseOrder(a) - phaseOrder(b))) {
    const durationMs = durations.get(phase)!;
    spans.push({ phase, startMs, durationMs });
    startMs += durationMs;
  }
  return spans;
}

/** The recording's kernels as a profile lists them (ms null when `timed` is false). */
export function profiledKernels(
  recording: StepRecording,
  dataWaitMs: number,
  timed: boolean,
): ProfiledKernel[] {
  const origin = recording.phaseStartsMs[0]?.atMs ?? 0;
  return recording.kernels.map((k) => ({
    name: k.name,
    phase: k.phase,
    layer: k.layer,
    ms: timed ? (k.ms ?? 0) : null,
    inputShapes: k.inputShapes,
    outputShapes: k.outputShapes,
    flops: kernelFlops(k),
    dispatchedAtMs: dataWaitMs + Math.max(0, k.dispatchedAtMs - origin),
  }));
}

const round = (ms: number) => (ms >= 100 ? Math.round(ms) : Math.round(ms * 10) / 10);

function timingNote(
  timing: KernelTiming,
  memory: RecordedStep,
  timed: RecordedStep,
  profiledMs: number,
  normalMs: number,
): string {
  const slower =
    `Profiling serialises the kernels, so step ${timed.step} took ${round(profiledMs)} ms against ` +
    `${round(normalMs)} ms for step ${memory.step} as it normally ran; memory is step ${memory.step}'s, ` +
    'recorded without slowing it.';
  switch (timing) {
    case 'gpu-timestamps':
      return `Kernel times are GPU timestamps of step ${timed.step}. ${slower}`;
    case 'cpu-wall-clock':
      return `Kernel times are the wall-clock time of each kernel of step ${timed.step} (the cpu backend runs them one after another). ${slower}`;
    case 'none':
      return (
        "This device cannot time kernels (no 'timestamp-query': tfjs would report 0 ms for every kernel), so " +
        `only the wall-clock phases are timed; the kernels of step ${memory.step} are listed with their counts ` +
        'and shapes.'
      );
  }
}

/**
 * The profile. `timed` is the profiled step after `memory`, or null when the backend cannot time kernels
 * (then everything comes from `memory`). Kernel times that are all zero count as no times at all.
 */
export function buildStepProfile(
  config: TrainConfig,
  backend: BackendName,
  memory: RecordedStep,
  timed: RecordedStep | null,
  convChoice: ConvChoiceReport | null = null,
): StepProfile {
  const usable =
    timed !== null &&
    timed.recorded.timing !== 'none' &&
    timed.recorded.recording.kernels.some((k) => (k.ms ?? 0) > 0);
  const source = usable ? timed : memory;
  const timing: KernelTiming = usable ? timed.recorded.timing : 'none';
  const phases = stepPhases(source.recorded.recording, source.dataWaitMs);
  const kernels = profiledKernels(source.recorded.recording, source.dataWaitMs, timing !== 'none');
  const kernelRows = summarizeKernels(kernels);
  const timeline = memoryTimeline(memory.recorded.recording, classifyTensors(memory.recorded.recording));
  const profiledStepMs = phases.reduce((s, p) => s + p.durationMs, 0);
  const m = memory.recorded.result;
  const normalStepMs = memory.dataWaitMs + m.uploadMs + m.computeMs;
  return {
    config,
    memoryStep: memory.step,
    timingStep: source.step,
    backend,
    timing,
    timingNote: timingNote(timing, memory, source, profiledStepMs, normalStepMs),
    profiledStepMs,
    normalStepMs,
    phases,
    kernels,
    kernelRows,
    layerRows: summarizeLayers(kernels),
    totalKernelMs: totalKernelMs(kernels),
    bottleneck: bottleneckLine(kernelRows, phases),
    memory: timeline,
    trackedPeakBytes: m.gpuPeakBytes,
    poolBytes: m.memory.gpuBytesAllocated,
    inUseBytes: m.memory.gpuBytesInUse,
    convChoice,
  };
}
