/**
 * The one vocabulary of long-running work: every measured run (a comparison, a lesson, a sweep, the batch
 * finder, a several-GPU run) and every short job (a PyTorch export, a step profile) is a job of one kind,
 * in one phase, ending with at most one message. Messages are codes with figures; only ui/ words them.
 * Pure; imports nothing.
 */

/** Every kind of job, in the order the activity rule names them. */
export const JOB_KINDS = ['compare', 'lesson', 'sweep', 'finder', 'parallel', 'export', 'profile'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/**
 * Jobs that measure: on a software adapter the GPU is the CPU, so two of them (or one and the main run)
 * would share its cores and distort each other's step times. At most one runs at a time.
 */
export const MEASURED_JOB_KINDS = ['compare', 'lesson', 'sweep', 'finder', 'parallel'] as const;
export type MeasuredJobKind = (typeof MEASURED_JOB_KINDS)[number];
export const isMeasuredJob = (kind: JobKind): kind is MeasuredJobKind =>
  (MEASURED_JOB_KINDS as readonly string[]).includes(kind);

/** Where a job is: never started, running, or how its last run ended. */
export type JobPhase = 'idle' | 'running' | 'done' | 'stopped' | 'failed';

/** The error a job's body throws (or its awaited work rejects with) when its AbortSignal fired. */
export const abortError = (): DOMException => new DOMException('stopped', 'AbortError');

/** True for the error an aborted job ends with. */
export const isAbortError = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError';

/** Throws the abort error when `signal` has fired: a job body's check between two pieces of work. */
export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw abortError();
}
