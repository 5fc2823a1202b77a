/** The page's activity (state/activity.ts's input) read from the stores, for components that explain a disabled button. */
import type { Activity } from '../../state/activity';
import { runningLesson, useLessonStore } from '../../state/lessonStore';
import { useParallelStore } from '../../state/parallelStore';
import { useAppStore } from '../../state/store';

export function useActivity(): Activity {
  return {
    main: useAppStore((s) => s.status),
    compare: useAppStore((s) => s.jobs.compare.phase),
    parallel: useParallelStore((s) => s.status),
    lesson: runningLesson(
      useLessonStore((s) => s.activeLesson),
      useAppStore((s) => s.jobs.lesson.phase),
    ),
    sweep: useAppStore((s) => s.jobs.sweep.phase === 'running'),
    finder: useAppStore((s) => s.jobs.finder.phase),
  };
}
