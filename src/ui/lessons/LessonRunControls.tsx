/**
 * A lesson's one primary button (Run, or Stop while it runs), what it will do, and its progress: which arm
 * trains, at which step, and whether its timing has started. Says why it cannot start, in plain words.
 */
import { useId } from 'react';
import { armConfig, LESSONS } from '../../config/lessons';
import { skipPreflightRequested } from '../../config/preflight';
import type { LessonId } from '../../config/views';
import { measuredRunBlocker } from '../../state/activity';
import { selectLessonRun, useLessonStore, type LessonRun } from '../../state/lessonStore';
import { useAppStore } from '../../state/store';
import { useActivity } from './useActivity';
import { fill, plural } from '../../i18n/fill';
import type { Dictionary } from '../../i18n/types';
import { useLocale, useText } from '../i18n/useText';
import { armLabel } from './armLabel';
import { runBlockerText } from '../preflightText';

const skipPreflight = typeof window === 'undefined' ? false : skipPreflightRequested(window.location.search);

function progressText(t: Dictionary, locale: string, id: LessonId, run: LessonRun): string {
  const p = t.lessons.view.progress;
  if (run.phase === 'idle') return run.message ?? p.notRun;
  if (run.phase === 'done') return p.done;
  if (run.phase === 'stopped' && run.message === null) return t.app.run.status.stopped;
  if (run.phase !== 'running') {
    return fill(run.phase === 'stopped' ? p.stopped : p.failed, { message: run.message ?? '' });
  }
  if (run.activeStrategy) {
    const done = Object.keys(run.strategies).length;
    return fill(p.strategy, { strategy: t.parallel.strategies[run.activeStrategy], n: done + 1 });
  }
  const arm = run.activeArm === null ? undefined : run.arms[run.activeArm];
  if (!arm) return p.starting;
  const of = { arm: armLabel(t, id, arm.id), n: (run.activeArm ?? 0) + 1, total: LESSONS[id].arms.length };
  const step = arm.rows.at(-1)?.step ?? 0;
  if (step === 0) return fill(p.compiling, of);
  const v = arm.verdict;
  const timing =
    v && v.timedSteps > 0
      ? fill(plural(locale, v.timedSteps, p.timed), { count: v.timedSteps, first: v.firstTimedStep })
      : fill(p.timingStarts, { first: v?.firstTimedStep ?? 2 });
  return fill(p.step, { ...of, step, timing });
}

export function LessonRunControls({ id }: { id: LessonId }) {
  const lesson = LESSONS[id];
  const t = useText();
  const locale = useLocale();
  const run = useLessonStore(selectLessonRun(id));
  const backendInfo = useAppStore((s) => s.backendInfo);
  const activity = useActivity();
  const blockedId = useId();
  const running = run.phase === 'running';
  const configs =
    lesson.arms.length > 0
      ? lesson.arms.map((arm) => ({ id: arm.id, config: armConfig(lesson, arm) }))
      : [{ id: 'lesson', config: lesson.config }];
  const nameOf = (armId: string) => (armId === 'lesson' ? t.lessons.view.theLesson : armLabel(t, id, armId));
  const blocker = running ? null : measuredRunBlocker({ configs, activity, backendInfo, skipPreflight });
  return (
    <div className="lesson-run">
      {running ? (
        <button type="button" onClick={() => useLessonStore.getState().stop()} data-testid="lesson-stop">
          {t.lessons.view.stop}
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
          {t.lessons[id].runLabel}
        </button>
      )}
      <p className="lesson-progress" role="status" data-testid="lesson-progress" data-phase={run.phase}>
        {progressText(t, locale, id, run)}
      </p>
      {blocker && (
        <p id={blockedId} className="help" data-testid="lesson-blocked">
          {runBlockerText(t, locale, blocker, nameOf)}
        </p>
      )}
    </div>
  );
}
