/**
 * Runs the lessons. A lesson with arms trains them one after the other, each in its own new training worker
 * (./runs/armRunner.ts) until the timing rule is satisfied; the several-GPU lesson runs DataParallel, loss
 * inside forward and DDP on GPUS_LESSON_REPLICAS devices, one after the other, through the multi-device
 * coordinator. Progress goes to the lesson store; every worker is terminated when its part ends, and on Stop.
 */
import { armConfig, GPUS_LESSON_REPLICAS, LESSONS, type Lesson } from '../../config/lessons';
import { PARALLEL_STRATEGIES, type ParallelStepRecord } from '../../config/parallel';
import { timingRuleFor } from '../../config/stableTiming';
import type { LessonId } from '../../config/views';
import { measuredRunBlocker } from '../../state/activity';
import { emptyLessonRun, useLessonStore, type ArmProgress } from '../../state/lessonStore';
import { useAppStore } from '../../state/store';
import { activityNow, skipPreflightNow } from '../activityNow';
import { startParallelRun, type ParallelRun } from '../parallel/coordinator';
import { ArmCancelled, runArm, type ArmRun } from '../runs/armRunner';

interface Current {
  id: LessonId;
  cancelled: boolean;
  arm: ArmRun | null;
  parallel: ParallelRun | null;
}
let current: Current | null = null;

const store = useLessonStore;

function patchArm(id: LessonId, index: number, patch: Partial<ArmProgress>): void {
  const arms = [...store.getState().runs[id].arms];
  const arm = arms[index];
  if (!arm) return;
  arms[index] = { ...arm, ...patch };
  store.getState().patchRun(id, { arms });
}

async function runArms(lesson: Lesson, run: Current): Promise<void> {
  for (const [index, arm] of lesson.arms.entries()) {
    if (run.cancelled) throw new ArmCancelled();
    store.getState().patchRun(lesson.id, { activeArm: index });
    const config = armConfig(lesson, arm);
    run.arm = runArm(
      `lesson-${lesson.id}-${arm.id}`,
      config,
      timingRuleFor(config),
      {
        onBackend: (backend) => patchArm(lesson.id, index, { backend }),
        onRows: (rows, verdict) => patchArm(lesson.id, index, { rows: [...rows], verdict }),
      },
      { profile: lesson.profileArms },
    );
    const result = await run.arm.done;
    patchArm(lesson.id, index, {
      rows: result.rows,
      verdict: result.verdict,
      profile: result.profile,
      finished: true,
    });
  }
}

async function runStrategies(lesson: Lesson, run: Current): Promise<void> {
  for (const strategy of PARALLEL_STRATEGIES) {
    if (run.cancelled) throw new ArmCancelled();
    store.getState().patchRun(lesson.id, { activeStrategy: strategy });
    let last: ParallelStepRecord | null = null;
    run.parallel = startParallelRun(
      {
        config: lesson.config,
        replicas: GPUS_LESSON_REPLICAS,
        strategy,
        allReduce: 'ring',
        steps: lesson.config.maxSteps,
      },
      {
        onStep: (record) => {
          last = record;
          const strategies = { ...store.getState().runs[lesson.id].strategies, [strategy]: record };
          store.getState().patchRun(lesson.id, { strategies });
        },
      },
    );
    const outcome = await run.parallel.done;
    run.parallel = null;
    if (run.cancelled) throw new ArmCancelled();
    if (outcome.status === 'failed' || !last)
      throw new Error(outcome.message ?? `${strategy} produced no step`);
  }
}

function runLesson(id: LessonId): void {
  const lesson = LESSONS[id];
  const app = useAppStore.getState();
  const configs =
    lesson.arms.length > 0
      ? lesson.arms.map((arm) => ({ id: arm.id, config: armConfig(lesson, arm) }))
      : [{ id: 'lesson', config: lesson.config }];
  const blocker = measuredRunBlocker({
    configs,
    activity: activityNow(),
    backendInfo: app.backendInfo,
    skipPreflight: skipPreflightNow(),
  });
  // The lesson's button shows the same rule's reason, in the page's language, and stays disabled meanwhile.
  if (blocker !== null) return;
  const run: Current = { id, cancelled: false, arm: null, parallel: null };
  current = run;
  store.setState({ running: id });
  store.getState().patchRun(id, {
    ...emptyLessonRun(),
    phase: 'running',
    arms: lesson.arms.map((arm) => ({
      id: arm.id,
      config: armConfig(lesson, arm),
      backend: null,
      rows: [],
      verdict: null,
      profile: null,
      finished: false,
    })),
  });
  void (async () => {
    try {
      if (lesson.arms.length > 0) await runArms(lesson, run);
      else await runStrategies(lesson, run);
      store.getState().patchRun(id, {
        phase: 'done',
        activeArm: null,
        activeStrategy: null,
        finishedAt: new Date().toISOString(),
      });
    } catch (error) {
      const stopped = error instanceof ArmCancelled;
      store.getState().patchRun(id, {
        phase: stopped ? 'stopped' : 'failed',
        activeArm: null,
        activeStrategy: null,
        // A stop needs no words beyond the phase (the UI says "Stopped."); an error keeps its own.
        message: stopped ? null : error instanceof Error ? error.message : String(error),
      });
    } finally {
      if (current === run) current = null;
      store.setState({ running: null });
    }
  })();
}

function stopLesson(): void {
  if (!current) return;
  current.cancelled = true;
  current.arm?.cancel();
  current.parallel?.stop();
}

/** Connects the lesson store's actions to this runner; call once at boot. */
export function startLessonClient(): void {
  store.getState().attachController({ run: runLesson, stop: stopLesson });
}
