/**
 * A lesson's one primary button (Run, or Stop while it runs), what it will do, and its progress: which arm
 * trains, at which step, and whether its timing has started. Says why it cannot start, in plain words.
 */
import { useId } from 'react';
import { armConfig, LESSONS } from '../../config/lessons';
import { skipPreflightRequested } from '../../config/preflight';
import { STRATEGY_LABELS } from '../../config/parallel';
import type { LessonId } from '../../config/views';
import { measuredRunBlocker } from '../../state/activity';
import { selectLessonRun, useLessonStore, type LessonRun } from '../../state/lessonStore';
import { useAppStore } from '../../state/store';
import { useActivity } from './useActivity';

const skipPreflight = typeof window === 'undefined' ? false : skipPreflightRequested(window.location.search);

function progressText(id: LessonId, run: LessonRun): string {
  if (run.phase === 'idle') return run.message ?? 'Not run yet.';
  if (run.phase === 'done') return 'Done. The result is below.';
  if (run.phase !== 'running')
    return `${run.phase === 'stopped' ? 'Stopped' : 'Failed'}: ${run.message ?? ''}`;
  if (run.activeStrategy) {
    const done = Object.keys(run.strategies).length;
    return `Training ${STRATEGY_LABELS[run.activeStrategy]} on 2 devices (${done + 1} of 3)…`;
  }
  const arm = run.activeArm === null ? undefined : run.arms[run.activeArm];
  if (!arm) return 'Starting…';
  const of = `${(run.activeArm ?? 0) + 1} of ${LESSONS[id].arms.length}`;
  const step = arm.rows.at(-1)?.step ?? 0;
  if (step === 0) return `Training “${arm.label}” (${of}) in its own worker: compiling GPU pipelines…`;
  const v = arm.verdict;
  const timing =
    v && v.timedSteps > 0
      ? `${v.timedSteps} step${v.timedSteps === 1 ? '' : 's'} timed from step ${v.firstTimedStep}`
      : `timing starts at step ${v?.firstTimedStep ?? 2}`;
  return `Training “${arm.label}” (${of}): step ${step}, ${timing}…`;
}

export function LessonRunControls({ id }: { id: LessonId }) {
  const lesson = LESSONS[id];
  const run = useLessonStore(selectLessonRun(id));
  const backendInfo = useAppStore((s) => s.backendInfo);
  const activity = useActivity();
  const blockedId = useId();
  const running = run.phase === 'running';
  const configs =
    lesson.arms.length > 0
      ? lesson.arms.map((arm) => ({ name: arm.label, config: armConfig(lesson, arm) }))
      : [{ name: 'The lesson', config: lesson.config }];
  const blocker = running ? null : measuredRunBlocker({ configs, activity, backendInfo, skipPreflight });
  return (
    <div className="lesson-run">
      {running ? (
        <button type="button" onClick={() => useLessonStore.getState().stop()} data-testid="lesson-stop">
          Stop
        </button>
      ) : (
        <button
          type="button"
          className="primary"
          onClick={() => useLessonStore.getState().run(id)}
          disabled={blocker !== null}
          aria-describedby={blocker ? blockedId : undefined}
          data-testid="lesson-run"
        >
          {lesson.runLabel}
        </button>
      )}
      <p className="lesson-progress" role="status" data-testid="lesson-progress" data-phase={run.phase}>
        {progressText(id, run)}
      </p>
      {blocker && (
        <p id={blockedId} className="help" data-testid="lesson-blocked">
          {blocker}
        </p>
      )}
    </div>
  );
}
