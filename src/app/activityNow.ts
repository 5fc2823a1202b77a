/**
 * The page's activity read from the stores now, and whether the page was opened with `?skipPreflight=1`:
 * the inputs of state/activity.ts's rule, for the runners in src/app.
 */
import { skipPreflightRequested } from '../config/preflight';
import type { Activity } from '../state/activity';
import { useFinderStore } from '../state/finderStore';
import { useLessonStore } from '../state/lessonStore';
import { useSweepStore } from '../state/sweepStore';
import { useAppStore } from '../state/store';

export function activityNow(): Activity {
  return {
    main: useAppStore.getState().status,
    compare: useAppStore.getState().jobs.compare.phase,
    parallel: useAppStore.getState().jobs.parallel.phase,
    lesson: useLessonStore.getState().running,
    sweep: useSweepStore.getState().phase === 'running',
    finder: useFinderStore.getState().phase,
  };
}

export const skipPreflightNow = (): boolean => skipPreflightRequested(window.location.search);
