/** What a lesson shows of the lesson job: its phase and message (state/lessonStore.ts's `lessonStatus`). */
import type { LessonId } from '../../config/views';
import { lessonStatus, useLessonStore } from '../../state/lessonStore';
import { useJob } from '../jobs/useJob';

export function useLessonStatus(id: LessonId): ReturnType<typeof lessonStatus> {
  const job = useJob('lesson');
  const activeLesson = useLessonStore((s) => s.activeLesson);
  const finishedAt = useLessonStore((s) => s.runs[id].finishedAt);
  return lessonStatus(id, activeLesson, job, { finishedAt });
}
