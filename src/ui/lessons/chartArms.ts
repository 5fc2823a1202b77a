/**
 * A lesson's arms as its arm charts take them (charts/armCharts.ts): label, rows, first timed step, and the
 * measured step time from the same source the card and the arm table read (lessonResults.measuredStepMs).
 * Pure.
 */
import type { ArmsSource } from '../../charts/armCharts';
import type { LessonId } from '../../config/views';
import type { Dictionary } from '../../i18n/types';
import type { ArmProgress } from '../../state/lessonStore';
import { armLabel } from './armLabel';
import { measuredStepMs, type ArmResult } from './lessonResults';

export function chartArmsOf(
  t: Dictionary,
  lesson: LessonId,
  progress: readonly ArmProgress[],
  results: readonly ArmResult[],
): ArmsSource {
  // An arm a lesson's pretend GPU refused never trained: it has no steps to draw.
  return progress
    .filter((a) => a.refusal === null)
    .map((a) => {
      const result = results.find((r) => r.id === a.id);
      return {
        label: armLabel(t, lesson, a.id),
        rows: a.rows,
        firstTimedStep: a.verdict?.firstTimedStep ?? 2,
        measuredStepMs: result && result.finished ? measuredStepMs(result) : null,
      };
    });
}
