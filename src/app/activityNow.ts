/**
 * The page's activity read from the stores now, and whether the page was opened with `?skipPreflight=1`:
 * the inputs of state/activity.ts's rule, for the runners in src/app.
 */
import { skipPreflightRequested } from '../config/preflight';
import type { Activity } from '../state/activity';
import { runningLesson, useLessonStore } from '../state/lessonStore';
import { useParallelStore } from '../state/parallelStore';
import { useAppStore } from '../state/store';

export function activityNow(): Activity {
  return {
    main: useAppStore.getState().status,
    compare: useAppStore.getState().jobs.compare.phase,
    parallel: useParallelStore.getState().status,
    lesson: runningLesson(useLessonStore.getState().activeLesson, useAppStore.getState().jobs.lesson.phase),
    sweep: useAppStore.getState().jobs.sweep.phase === 'running',
    finder: useAppStore.getState().jobs.finder.phase,
  };
}

export const skipPreflightNow = (): boolean => skipPreflightRequested(window.location.search);
