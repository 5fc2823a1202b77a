/**
 * A small, typed, read-only window API for end-to-end tests, present only in the test build
 * (./installTestBuild.ts): tests read what training did instead of scraping pixels. Every getter returns a
 * copy.
 */
import { useDatasetStore } from '../../state/datasetStore';
import { autoStartOutcome } from '../autoStart';
import type { TestHookAction } from '../trainingProtocol';
import { telemetryHistory } from '../../charts/telemetryHistory';
import { lessonStatus, runningLesson, useLessonStore } from '../../state/lessonStore';
import { useProfileStore } from '../../state/profileStore';
import { useFinderStore } from '../../state/finderStore';
import { useAppStore } from '../../state/store';
import { useSweepStore } from '../../state/sweepStore';
import type { JobMessage } from '../../state/jobsSlice';
import type { LessonId } from '../../config/views';

/** What the page is busy with, as the e2e specs read it: the main run and each measured job. */
function activityNow() {
  const { status, jobs } = useAppStore.getState();
  return {
    main: status,
    compare: jobs.compare.phase,
    parallel: jobs.parallel.phase,
    /** The lesson its job is running now, if any. */
    lesson: runningLesson(useLessonStore.getState().activeLesson, jobs.lesson.phase),
    sweep: jobs.sweep.phase === 'running',
    finder: jobs.finder.phase,
  };
}

/**
 * Fault injection for tests, installed only when the page URL carries `?testHooks=1`, so a shared link
 * (which travels in the hash) can never trigger it.
 */
interface BatchLabTestHooks {
  loseDevice(): void;
  crashTrainingWorker(): void;
  crashLoaderWorker(): void;
  /** The training worker's next new models run the own conv kernels (rule's tiling), not the measured choice. */
  forceOwnConvKernels(): void;
}

declare global {
  interface Window {
    batchlab?: BatchLabTestApi;
    batchlabTestHooks?: BatchLabTestHooks;
  }
}

const copy = <T>(value: T): T => structuredClone(value);

export function installTestHooks(post: (action: TestHookAction) => void): void {
  if (new URLSearchParams(window.location.search).get('testHooks') !== '1') return;
  const hooks: BatchLabTestHooks = {
    loseDevice: () => post('lose-device'),
    crashTrainingWorker: () => post('crash'),
    crashLoaderWorker: () => post('crash-loader'),
    forceOwnConvKernels: () => post('force-own-conv-kernels'),
  };
  Object.defineProperty(window, 'batchlabTestHooks', { value: Object.freeze(hooks), configurable: false });
}

/** A job's message as the specs read it: a failure's own words, or the code. */
export const messageText = (message: JobMessage | null) =>
  message === null ? null : message.code === 'failed' ? message.detail : message.code;

function testApi() {
  const s = () => useAppStore.getState();
  return {
    version: 1 as const,
    config: () => copy(s().config),
    backend: () => copy(s().backendInfo),
    status: () => ({ status: s().status, message: s().statusMessage }),
    latest: () => copy(s().latest),
    history: () => copy([...telemetryHistory.rows]),
    evals: () => copy([...telemetryHistory.evals]),
    /** Live tensors in the training worker, as last reported. */
    numTensors: () => s().numTensors,
    /** The previews' data source and the mean per channel (0–255) of the first previewed image. */
    preview: () => {
      const p = s().preview;
      const image = p?.samples[0]?.image;
      if (!p || !image) return null;
      const c = p.channels;
      const imageMean255 = Array.from({ length: c }, (_, k) => {
        let sum = 0;
        for (let i = k; i < image.length; i += c) sum += image[i]!;
        return sum / (image.length / c);
      });
      return { step: p.step, source: p.source, imageMean255 };
    },
    /** What the Dataset panel shows about the user's files. */
    dataset: () => copy(useDatasetStore.getState().files),
    /** Runs every data path on batch 0 in the training worker and compares with the CPU reference. */
    checkDataPaths: () => s().runDataPathCheck(),
    /** The view on screen. */
    view: () => s().view,
    /**
     * What the page is busy with: the main run's status (status() only covers it), the comparison's phase,
     * the multi-device run's status and the lesson running now, if any.
     */
    activity: () => copy(activityNow()),
    /** A lesson's last run: its phase, arms (config, rows, timing verdict) or per-strategy records. */
    lesson: (id: LessonId) => {
      const { runs, activeLesson } = useLessonStore.getState();
      const run = runs[id];
      return copy({ ...run, phase: lessonStatus(id, activeLesson, s().jobs.lesson, run).phase });
    },
    /**
     * What the run=1 rule decided when the training worker first reported 'idle': 'start', 'not-asked' (the
     * link has no run=1) or 'refused' (run=1, but the pre-flight says the config does not fit); 'pending'
     * before that moment. Once decided, nothing else starts a run by itself.
     */
    autoStart: autoStartOutcome,
    /** The sweep the page would run (the link's `sw=`). */
    sweepSpec: () => copy(s().sweep),
    /** The last sweep run: its points and their figures, and the job's phase, message and times. */
    sweep: () => {
      const w = useSweepStore.getState();
      const job = s().jobs.sweep;
      return copy({
        phase: job.phase,
        message: job.message,
        spec: w.spec,
        base: w.base,
        backend: w.backend,
        points: w.points,
        noValues: w.noValues,
        activeIndex: w.activeIndex,
        activeStep: w.activeStep,
        startedAt: job.startedAt,
        finishedAt: job.finishedAt,
      });
    },
    /** The last step profile, the profile job's phase, and how it ended (a failure's words, or the code). */
    profile: () => {
      const { phase, message } = s().jobs.profile;
      return copy({
        status: phase,
        profile: useProfileStore.getState().profile,
        message: messageText(message),
      });
    },
    /** The batch finder: its phase, every trial so far, its result beside the estimate's, and its message. */
    finder: () => {
      const f = useFinderStore.getState();
      const job = s().jobs.finder;
      return copy({ phase: job.phase, trials: f.trials, result: f.result, message: job.message });
    },
  };
}

export type BatchLabTestApi = ReturnType<typeof testApi>;

export function installTestApi(): void {
  Object.defineProperty(window, 'batchlab', {
    value: Object.freeze(testApi()),
    writable: false,
    configurable: false,
  });
}
