/**
 * What a lesson's run will train, shown before it has results: each arm (or strategy) in one line, with
 * the byte calculator's expectation where the lesson is about bytes, so the measurement lands beside a
 * prediction.
 */
import { armConfig, GPUS_LESSON_REPLICAS, LESSONS } from '../../config/lessons';
import { PARALLEL_STRATEGIES, STRATEGY_LABELS } from '../../config/parallel';
import type { LessonId } from '../../config/views';
import { browserBatchBytes } from '../../data/batchBytes';
import { useAppStore } from '../../state/store';
import { formatExactBytes } from '../format';

export function LessonPlan({ id }: { id: LessonId }) {
  const lesson = LESSONS[id];
  const backend = useAppStore((s) => s.backendInfo?.backend ?? null);
  const { imageSizePx, batchSize, channels } = lesson.config;
  const shape = `${batchSize} × ${imageSizePx} × ${imageSizePx} × ${channels}`;
  return (
    <div className="lesson-plan" data-testid="lesson-plan">
      <p className="result-label">What the run trains</p>
      {lesson.arms.length > 0 ? (
        <ul>
          {lesson.arms.map((arm) => {
            const config = armConfig(lesson, arm);
            const b = backend ? browserBatchBytes(config, backend) : null;
            return (
              <li key={arm.id}>
                <strong>{arm.label}</strong>
                {id === 'bytes' && b
                  ? `: expected ${formatExactBytes(b.uploadImageBytes + b.uploadMaskBytes)} to the GPU per step`
                  : ''}
              </li>
            );
          })}
        </ul>
      ) : (
        <ul>
          {PARALLEL_STRATEGIES.map((s) => (
            <li key={s}>
              <strong>{STRATEGY_LABELS[s]}</strong> on {GPUS_LESSON_REPLICAS} devices,{' '}
              {lesson.config.maxSteps} steps
            </li>
          ))}
        </ul>
      )}
      <p className="help">
        Batches of {shape}
        {lesson.arms.length > 0
          ? '. Each in its own new worker and GPU device, one after the other, until its timing is stable.'
          : ', split into equal shards; every device is a worker with its own WebGPU device.'}
      </p>
    </div>
  );
}
