/**
 * A lesson's one primary button (Run, or Stop while it runs), what it will do, and its progress: which arm
 * trains, at which step, and whether its timing has started. Says why it cannot start, in plain words.
 */
import { useId, useMemo } from 'react';
import { LESSONS, lessonConfigs } from '../../config/lessons';
import type { LessonId } from '../../config/views';
import type { RunBlocker } from '../../state/jobRules';
import { selectLessonRun, useLessonStore } from '../../state/lessonStore';
import { useAppStore } from '../../state/store';
import { useLocale, useText } from '../i18n/useText';
import { useJob, useJobBlocker } from '../jobs/useJob';
import { armLabel } from './armLabel';
import { runBlockerText } from '../preflightText';
import { progressText } from './lessonProgress';
import { useLessonStatus } from './useLessonStatus';

export function LessonRunControls({ id }: { id: LessonId }) {
  const t = useText();
  const locale = useLocale();
  const run = useLessonStore(selectLessonRun(id));
  const { phase, message } = useLessonStatus(id);
  const blockedId = useId();
  const running = phase === 'running';
  const configs = useMemo(() => lessonConfigs(LESSONS[id]), [id]);
  const nameOf = (armId: string) => (armId === 'lesson' ? t.lessons.view.theLesson : armLabel(t, id, armId));
  const jobBlocker = useJobBlocker('lesson', configs);
  const otherLessonRuns = useJob('lesson').phase === 'running' && !running;
  // The job runs one lesson at a time: while it runs another, this one waits like any measured job.
  const blocker: RunBlocker | null = running
    ? null
    : otherLessonRuns
      ? { code: 'lessonRunning' }
      : jobBlocker;
  return (
    <div className="lesson-run">
      {running ? (
        <button
          type="button"
          onClick={() => useAppStore.getState().stopJob('lesson')}
          data-testid="lesson-stop"
        >
          {t.lessons.view.stop}
        </button>
      ) : (
        <button
          type="button"
          className="primary"
          onClick={() => useAppStore.getState().startJob('lesson', id)}
          disabled={blocker !== null}
          aria-describedby={blocker ? blockedId : undefined}
          data-testid="lesson-run"
        >
          {t.lessons[id].runLabel}
        </button>
      )}
      <p className="lesson-progress" role="status" data-testid="lesson-progress" data-phase={phase}>
        {progressText(t, locale, id, run, phase, message, nameOf)}
      </p>
      {blocker && (
        <p id={blockedId} className="help" data-testid="lesson-blocked">
          {runBlockerText(t, locale, blocker, nameOf)}
        </p>
      )}
    </div>
  );
}
