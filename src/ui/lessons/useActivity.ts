/** The page's activity (state/activity.ts's input) read from the stores, for components that explain a disabled button. */
import type { Activity } from '../../state/activity';
import { useFinderStore } from '../../state/finderStore';
import { useLessonStore } from '../../state/lessonStore';
import { useSweepStore } from '../../state/sweepStore';
import { useAppStore } from '../../state/store';

export function useActivity(): Activity {
  return {
    main: useAppStore((s) => s.status),
    compare: useAppStore((s) => s.jobs.compare.phase),
    parallel: useAppStore((s) => s.jobs.parallel.phase),
    lesson: useLessonStore((s) => s.running),
    sweep: useSweepStore((s) => s.phase === 'running'),
    finder: useFinderStore((s) => s.phase),
  };
}
