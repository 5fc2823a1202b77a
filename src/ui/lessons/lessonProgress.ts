/**
 * A lesson's progress line in the page's words: which arm or strategy trains, at which step, whether its
 * timing has started, or how the lesson job's run ended (its phase and message). Pure.
 */
import { LESSONS } from '../../config/lessons';
import type { JobPhase } from '../../config/jobs';
import { PARALLEL_STRATEGIES } from '../../config/parallel';
import type { LessonId } from '../../config/views';
import { fill, plural } from '../../i18n/fill';
import type { Dictionary } from '../../i18n/types';
import type { JobMessage } from '../../state/jobsSlice';
import type { LessonRun } from '../../state/lessonStore';
import { jobMessageText } from '../jobs/jobMessageText';
import { armLabel } from './armLabel';

export function progressText(
  t: Dictionary,
  locale: string,
  id: LessonId,
  run: LessonRun,
  phase: JobPhase,
  message: JobMessage | null,
  nameOf: (armId: string) => string = (armId) => armId,
): string {
  const p = t.lessons.view.progress;
  if (phase !== 'running' && message?.code === 'refused') return jobMessageText(t, locale, message, nameOf);
  if (phase === 'idle') return p.notRun;
  if (phase === 'done') return p.done;
  if (phase === 'stopped') return t.jobs.stopped;
  if (phase === 'failed') return fill(p.failed, { message: jobMessageText(t, locale, message) });
  if (run.activeStrategy) {
    // The strategy's place in the lesson's order: its own record appears after its first step.
    const n = PARALLEL_STRATEGIES.indexOf(run.activeStrategy) + 1;
    return fill(p.strategy, { strategy: t.parallel.strategies[run.activeStrategy], n });
  }
  if (run.checkingGradients) return p.gradients;
  const arm = run.activeArm === null ? undefined : run.arms[run.activeArm];
  if (!arm) return p.starting;
  const of = { arm: armLabel(t, id, arm.id), n: (run.activeArm ?? 0) + 1, total: LESSONS[id].arms.length };
  const step = arm.rows.at(-1)?.step ?? 0;
  if (step === 0) return fill(p.compiling, of);
  const v = arm.verdict;
  const pair = LESSONS[id].arms[run.activeArm ?? 0]?.pair;
  const timing =
    pair !== undefined
      ? fill(p.paired, { rounds: run.pairs[pair]?.rounds ?? 0 })
      : v && v.timedSteps > 0
        ? fill(plural(locale, v.timedSteps, p.timed), { count: v.timedSteps, first: v.firstTimedStep })
        : fill(p.timingStarts, { first: v?.firstTimedStep ?? 2 });
  return fill(p.step, { ...of, step, timing });
}
