/**
 * A lesson as a job. A lesson with arms trains them one after the other, each in its own new training
 * worker (../runs/armRunner.ts) until the timing rule is satisfied; the several-GPU lesson runs
 * DataParallel, loss inside forward and DDP on GPUS_LESSON_REPLICAS devices, one after the other, through
 * the multi-device coordinator. A lesson with a pretend GPU (lesson 5) pre-flights each arm under its budget
 * and records a refused arm's figures instead of training it; a lesson with a reference arm then compares
 * one training step of every arm with it, on the cpu backend (../sameGradients/). Progress and results go
 * to the lesson store; Stop (the job's signal) terminates the running arm's worker (or the comparison's) at
 * once, or ends the strategy's replicas after their step in flight.
 */
import {
  armConfig,
  gradientCheckConfig,
  GPUS_LESSON_REPLICAS,
  LESSONS,
  lessonConfigs,
  type Lesson,
  preflightUnderLessonBudget,
} from '../../config/lessons';
import { throwIfAborted } from '../../config/jobs';
import { PARALLEL_STRATEGIES } from '../../config/parallel';
import { timingRuleFor } from '../../config/stableTiming';
import type { LessonId } from '../../config/views';
import { emptyLessonRun, useLessonStore, type ArmProgress, type LessonRun } from '../../state/lessonStore';
import { useAppStore } from '../../state/store';
import { askEngineWorker } from '../askEngineWorker';
import type { SameGradientsDone, SameGradientsRequest } from '../sameGradients/sameGradientsProtocol';
import { startParallelRun } from '../parallel/coordinator';
import { runArm } from '../runs/armRunner';
import { runPairedArms } from '../runs/pairedArms';
import { DEFAULT_PAIRED_RULE, type PairedVerdict } from '../../config/pairedTiming';
import type { JobDefinition } from './runJob';

const store = useLessonStore;

const patchRun = (id: LessonId, patch: Partial<LessonRun>) => store.getState().patchRun(id, patch);

function patchArm(id: LessonId, index: number, patch: Partial<ArmProgress>): void {
  const arms = [...store.getState().runs[id].arms];
  const arm = arms[index];
  if (!arm) return;
  arms[index] = { ...arm, ...patch };
  patchRun(id, { arms });
}

/**
 * Under a lesson's pretend GPU (`memoryBudgetBytes`): the pre-flight's figures when that budget refuses
 * `arm`, else null. The per-buffer limits stay the device's (the app store's backend).
 */
function refusedUnderBudget(lesson: Lesson, index: number): ArmProgress['refusal'] {
  const arm = lesson.arms[index]!;
  const result = preflightUnderLessonBudget(
    lesson,
    armConfig(lesson, arm),
    useAppStore.getState().backendInfo,
  );
  if (result === null || result.verdict !== 'refused') return null;
  if (result.refusal.kind !== 'memory' || result.refusal.gpu === null)
    throw new Error(`${arm.id}: ${result.reason}`);
  return result.refusal.gpu;
}

async function runArms(lesson: Lesson, signal: AbortSignal): Promise<void> {
  for (const [index, arm] of lesson.arms.entries()) {
    throwIfAborted(signal);
    const refusal = refusedUnderBudget(lesson, index);
    if (refusal !== null) {
      patchArm(lesson.id, index, { refusal, finished: true });
      continue;
    }
    patchRun(lesson.id, { activeArm: index });
    const config = armConfig(lesson, arm);
    const result = await runArm(
      `lesson-${lesson.id}-${arm.id}`,
      config,
      timingRuleFor(config, lesson.timing),
      signal,
      {
        onBackend: (backend) => patchArm(lesson.id, index, { backend }),
        onRows: (rows, verdict) => patchArm(lesson.id, index, { rows: [...rows], verdict }),
      },
      { profile: lesson.profileArms },
    );
    patchArm(lesson.id, index, {
      rows: result.rows,
      verdict: result.verdict,
      profile: result.profile,
      finished: true,
    });
  }
  if (lesson.sameGradientsAgainst !== undefined)
    await checkSameGradients(lesson, lesson.sameGradientsAgainst, signal);
}

/**
 * One training step of every arm against the reference arm's, on the cpu backend in a worker of its own
 * (../sameGradients/sameGradientsWorker.ts; after the arms, so it never shares the CPU with a timed step);
 * each arm's difference goes to the store.
 */
async function checkSameGradients(lesson: Lesson, referenceId: string, signal: AbortSignal): Promise<void> {
  throwIfAborted(signal);
  const reference = lesson.arms.find((a) => a.id === referenceId);
  if (!reference) throw new Error(`lesson ${lesson.id} has no arm ${referenceId}`);
  const others = lesson.arms.flatMap((arm, index) => (arm === reference ? [] : [{ arm, index }]));
  patchRun(lesson.id, { activeArm: null, checkingGradients: true });
  try {
    const request: SameGradientsRequest = {
      reference: gradientCheckConfig(armConfig(lesson, reference)),
      others: others.map(({ arm }) => gradientCheckConfig(armConfig(lesson, arm))),
    };
    const { differences } = await askEngineWorker<SameGradientsDone>(
      'gradients',
      'same-gradients',
      request,
      signal,
    );
    if (differences.length !== others.length)
      throw new Error(`the same-gradients check answered ${differences.length} of ${others.length} arms`);
    for (const [i, { index }] of others.entries())
      patchArm(lesson.id, index, { sameGradients: differences[i]! });
  } finally {
    patchRun(lesson.id, { checkingGradients: false });
  }
}

/**
 * A lesson whose arms come in pairs (config/lessons.ts's `pair`): each pair is measured in paired rounds
 * (../runs/pairedArms.ts: both workers kept alive, blocks A, B, A, B…, one ratio per round) until the
 * interval of the ratio is narrow enough or capped; the pairs run one after the other.
 */
async function runPairs(lesson: Lesson, signal: AbortSignal): Promise<void> {
  const pairIds = [...new Set(lesson.arms.map((arm) => arm.pair ?? arm.id))];
  for (const pair of pairIds) {
    throwIfAborted(signal);
    const indices = lesson.arms.flatMap((arm, index) => ((arm.pair ?? arm.id) === pair ? [index] : []));
    patchRun(lesson.id, { activeArm: indices[0] ?? null });
    const patchPair = (verdict: PairedVerdict) =>
      patchRun(lesson.id, { pairs: { ...store.getState().runs[lesson.id].pairs, [pair]: verdict } });
    const arms = indices.map((index) => ({
      id: lesson.arms[index]!.id,
      config: armConfig(lesson, lesson.arms[index]!),
    }));
    const result = await runPairedArms(arms, signal, DEFAULT_PAIRED_RULE, {
      onBackend: (i, backend) => patchArm(lesson.id, indices[i]!, { backend }),
      onRows: (i, rows) => {
        patchArm(lesson.id, indices[i]!, { rows: [...rows] });
        if (store.getState().runs[lesson.id].activeArm !== indices[i])
          patchRun(lesson.id, { activeArm: indices[i]! });
      },
      onRound: patchPair,
    });
    for (const [i, arm] of result.arms.entries()) {
      patchArm(lesson.id, indices[i]!, { rows: arm.rows, timedSteps: arm.timedSteps, finished: true });
    }
    patchPair(result.verdict);
  }
}

async function runStrategies(lesson: Lesson, signal: AbortSignal): Promise<void> {
  for (const strategy of PARALLEL_STRATEGIES) {
    throwIfAborted(signal);
    patchRun(lesson.id, { activeStrategy: strategy });
    let stepped = false;
    const run = startParallelRun(
      {
        config: lesson.config,
        replicas: GPUS_LESSON_REPLICAS,
        strategy,
        allReduce: 'ring',
        steps: lesson.config.maxSteps,
      },
      {
        onStep: (record) => {
          stepped = true;
          const strategies = { ...store.getState().runs[lesson.id].strategies, [strategy]: record };
          patchRun(lesson.id, { strategies });
        },
      },
      signal,
    );
    // Settles once every replica worker has ended, however the run ended.
    const outcome = await run.done;
    throwIfAborted(signal);
    if (outcome.status === 'failed' || !stepped)
      throw new Error(outcome.message ?? `${strategy} produced no step`);
  }
}

export const lessonJob: JobDefinition<'lesson'> = {
  configs: (id) => lessonConfigs(LESSONS[id]),
  body: async (id, signal) => {
    const lesson = LESSONS[id];
    const { activeLesson } = store.getState();
    // The job's status moves to this lesson: the one it described keeps its results only if it finished.
    if (
      activeLesson !== null &&
      activeLesson !== id &&
      store.getState().runs[activeLesson].finishedAt === null
    )
      patchRun(activeLesson, emptyLessonRun());
    store.setState({ activeLesson: id });
    patchRun(id, {
      ...emptyLessonRun(),
      arms: lesson.arms.map((arm) => ({
        id: arm.id,
        config: armConfig(lesson, arm),
        backend: null,
        rows: [],
        verdict: null,
        profile: null,
        timedSteps: null,
        refusal: null,
        sameGradients: null,
        finished: false,
      })),
    });
    try {
      if (lesson.arms.some((arm) => arm.pair !== undefined)) await runPairs(lesson, signal);
      else if (lesson.arms.length > 0) await runArms(lesson, signal);
      else await runStrategies(lesson, signal);
      patchRun(id, { finishedAt: new Date().toISOString() });
    } finally {
      patchRun(id, { activeArm: null, activeStrategy: null });
    }
  },
};
