/**
 * A lesson's one primary button (Run, or Stop while it runs), what it will do, and its progress: which arm
 * trains, at which step, and whether its timing has started. Says why it cannot start, in plain words.
 * RunStopControls draws them for a lesson or the sweep (lesson 4); their test ids start with the job's kind.
 */
import { useId, useMemo, type ReactNode } from 'react';
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
    <RunStopControls
      kind="lesson"
      onRun={() => useAppStore.getState().startJob('lesson', id)}
      runLabel={t.lessons[id].runLabel}
      stopLabel={t.lessons.view.stop}
      phase={phase}
      progress={progressText(t, locale, id, run, phase, message, nameOf)}
      blocked={blocker ? runBlockerText(t, locale, blocker, nameOf) : null}
    />
  );
}

/** Run, or Stop while the job runs; the progress line; why Run is refused (`blocked`, null when it can start). */
export function RunStopControls(props: {
  kind: 'lesson' | 'sweep';
  onRun: () => void;
  runLabel: ReactNode;
  stopLabel: ReactNode;
  phase: string;
  progress: ReactNode;
  blocked: ReactNode;
}) {
  const { kind, phase, blocked } = props;
  const blockedId = useId();
  return (
    <div className="lesson-run">
      {phase === 'running' ? (
        <button
          type="button"
          onClick={() => useAppStore.getState().stopJob(kind)}
          data-testid={`${kind}-stop`}
        >
          {props.stopLabel}
        </button>
      ) : (
        <button
          type="button"
          className="primary"
          onClick={props.onRun}
          disabled={blocked !== null}
          aria-describedby={blocked ? blockedId : undefined}
          data-testid={`${kind}-run`}
        >
          {props.runLabel}
        </button>
      )}
      <p className="lesson-progress" role="status" data-testid={`${kind}-progress`} data-phase={phase}>
        {props.progress}
      </p>
      {blocked && (
        <p id={blockedId} className="help" data-testid={`${kind}-blocked`}>
          {blocked}
        </p>
      )}
    </div>
  );
}
