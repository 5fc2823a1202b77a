/**
 * What a lesson's run will train, shown before it has results: each arm (or strategy) in one line, with
 * the byte calculator's expectation where the lesson is about bytes, so the measurement lands beside a
 * prediction.
 */
import { armConfig, GPUS_LESSON_REPLICAS, LESSONS, preflightUnderLessonBudget } from '../../config/lessons';
import { PARALLEL_STRATEGIES } from '../../config/parallel';
import { fill } from '../../i18n/fill';
import { useLocale, useText } from '../i18n/useText';
import { armLabel } from './armLabel';
import type { LessonId } from '../../config/views';
import { browserBatchBytes } from '../../data/batchBytes';
import { useAppStore } from '../../state/store';
import { formatExactBytes } from '../format';
import type { TrainConfig } from '../../config/trainConfig';

export function LessonPlan({ id }: { id: LessonId }) {
  const lesson = LESSONS[id];
  const info = useAppStore((s) => s.backendInfo);
  const backend = info?.backend ?? null;
  /** Under a lesson's pretend GPU, the arms the pre-flight refuses (they are never trained). */
  const refused = (config: TrainConfig) =>
    preflightUnderLessonBudget(lesson, config, info)?.verdict === 'refused';
  const t = useText();
  const w = t.lessons.view.plan;
  const locale = useLocale();
  const { imageSizePx, batchSize, channels } = lesson.config;
  const shape = `${batchSize} × ${imageSizePx} × ${imageSizePx} × ${channels}`;
  return (
    <div className="lesson-plan" data-testid="lesson-plan">
      <p className="result-label">{w.label}</p>
      <ul>
        {lesson.arms.length > 0
          ? lesson.arms.map((arm) => {
              const config = armConfig(lesson, arm);
              const b = backend ? browserBatchBytes(config, backend) : null;
              return (
                <li key={arm.id}>
                  <strong>{armLabel(t, id, arm.id)}</strong>
                  {id === 'bytes' && b
                    ? fill(w.expected, {
                        bytes: formatExactBytes(b.uploadImageBytes + b.uploadMaskBytes, locale),
                      })
                    : ''}
                  {refused(config) ? w.refused : ''}
                </li>
              );
            })
          : PARALLEL_STRATEGIES.map((s) => (
              <li key={s}>
                {fill(w.strategy, {
                  strategy: t.parallel.strategies[s],
                  devices: GPUS_LESSON_REPLICAS,
                  steps: lesson.config.maxSteps,
                })}
              </li>
            ))}
      </ul>
      <p className="help">{fill(lesson.arms.length > 0 ? w.armsHelp : w.strategiesHelp, { shape })}</p>
    </div>
  );
}
