/** An arm's label in the page's language: `lessons.<lesson>.arms.<arm id>`, or the id if the dictionary lacks it. */
import type { LessonId } from '../../config/views';
import type { Dictionary } from '../../i18n/types';

export function armLabel(t: Dictionary, lesson: LessonId, armId: string): string {
  return (t.lessons[lesson].arms as Readonly<Record<string, string | undefined>>)[armId] ?? armId;
}
