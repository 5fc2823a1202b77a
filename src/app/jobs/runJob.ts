/**
 * The one runner of long-running work. Every job — a comparison, a lesson, a sweep, the batch finder, a
 * several-GPU run, a PyTorch export, a step profile — is a body `(input, signal) => Promise<void>` run by
 * `runJob`, the way `fetch(url, { signal })` runs a request: one promise that settles once, cancellation
 * through the AbortSignal (Stop aborts it; the body's workers end at once), clean-up in the body's
 * `finally`. runJob alone owns the start rule (state/jobRules.ts, the same one the UI shows), the job's
 * phase and message in the store, and the one-measured-job-at-a-time rule.
 */
import { isAbortError, type JobKind, type JobPhase } from '../../config/jobs';
import type { JobConfigs } from '../../state/jobRules';
import { selectJobBlocker, type JobInputs } from '../../state/jobsSlice';
import { useAppStore } from '../../state/store';

/** A job's work: resolves when it is done, rejects with the abort error once `signal` fires, or fails. */
type JobBody<K extends JobKind> = (input: JobInputs[K], signal: AbortSignal) => Promise<void>;

/** A job kind's body and the configurations its start rule checks (the pre-flight reads them). */
export interface JobDefinition<K extends JobKind> {
  body: JobBody<K>;
  /** What the job would train, for the pre-flight; none for jobs that do not train. */
  configs?(input: JobInputs[K]): JobConfigs;
}

const running = new Map<JobKind, AbortController>();

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Runs one job of `kind` unless the start rule refuses it (its status then says why). Resolves with the
 * phase it ended in; never rejects.
 */
export async function runJob<K extends JobKind>(
  kind: K,
  definition: JobDefinition<K>,
  input: JobInputs[K],
): Promise<JobPhase> {
  const store = useAppStore.getState();
  const blocker = selectJobBlocker(store, kind, definition.configs?.(input) ?? []);
  if (blocker !== null) {
    // A job already running keeps its status; anything else records why this start was refused.
    if (store.jobs[kind].phase !== 'running')
      store.setJobStatus(kind, { message: { code: 'refused', blocker } });
    return store.jobs[kind].phase;
  }
  const controller = new AbortController();
  running.set(kind, controller);
  store.setJobStatus(kind, {
    phase: 'running',
    message: null,
    startedAt: new Date().toISOString(),
    finishedAt: null,
  });
  let phase: JobPhase;
  try {
    await definition.body(input, controller.signal);
    phase = controller.signal.aborted ? 'stopped' : 'done';
  } catch (error) {
    phase = controller.signal.aborted || isAbortError(error) ? 'stopped' : 'failed';
    if (phase === 'failed')
      useAppStore.getState().setJobStatus(kind, { message: { code: 'failed', detail: errorText(error) } });
  } finally {
    running.delete(kind);
  }
  useAppStore.getState().setJobStatus(kind, {
    phase,
    ...(phase === 'stopped' ? { message: { code: 'stopped' } } : {}),
    finishedAt: new Date().toISOString(),
  });
  return phase;
}

/** Stops the running job of `kind`, if any: its signal fires and its body ends its workers. */
export function stopJob(kind: JobKind): void {
  running.get(kind)?.abort();
}
