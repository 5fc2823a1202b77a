/**
 * "Take it to PyTorch" in a lesson: exports the lesson's key configuration as a runnable PyTorch project
 * (the uint8 path of lesson 1, the 2-worker loader of lesson 2, DDP on 2 processes for lesson 3, micro-batches
 * with recomputation for lesson 5) through
 * the export job, and shows its status line.
 */
import { armConfig, GPUS_LESSON_REPLICAS, LESSONS } from '../../config/lessons';
import type { PyTorchExportRequest } from '../../config/pytorchExport';
import type { TrainConfig } from '../../config/trainConfig';
import type { LessonId } from '../../config/views';
import { selectPyTorchExportNote, usePyTorchExportStore } from '../../state/pytorchExportStore';
import { useAppStore } from '../../state/store';
import { fill } from '../../i18n/fill';
import type { Dictionary } from '../../i18n/types';
import { useLocale, useText } from '../i18n/useText';
import { useJob } from '../jobs/useJob';
import { armLabel } from './armLabel';
import { exportStatusText } from '../exportStatusText';

/** What each lesson exports: its configuration and the PyTorch strategy. */
function lessonExport(
  t: Dictionary,
  id: LessonId,
): { config: TrainConfig; request: PyTorchExportRequest; what: string } {
  const lesson = LESSONS[id];
  const w = t.lessons.view.pytorch;
  if (id === 'gpus') {
    return {
      config: lesson.config,
      request: { strategy: 'ddp', processes: GPUS_LESSON_REPLICAS },
      what: fill(w.ddp, { n: GPUS_LESSON_REPLICAS }),
    };
  }
  const arm =
    id === 'loaders'
      ? lesson.arms.find((a) => a.id === 'storage-w2')!
      : id === 'fit'
        ? lesson.arms.find((a) => a.id === 'both')!
        : lesson.arms[0]!;
  return {
    config: armConfig(lesson, arm),
    request: { strategy: 'single', processes: 1 },
    what: fill(id === 'fit' ? w.fit : w.single, { arm: armLabel(t, id, arm.id) }),
  };
}

export function LessonPyTorch({ id }: { id: LessonId }) {
  const job = useJob('export');
  const note = usePyTorchExportStore(selectPyTorchExportNote);
  const t = useText();
  const locale = useLocale();
  const { config, request, what } = lessonExport(t, id);
  return (
    <div className="lesson-pytorch">
      <button
        type="button"
        disabled={job.phase === 'running'}
        onClick={() => useAppStore.getState().startJob('export', { request, config })}
        data-testid="lesson-export-pytorch"
      >
        {t.lessons.view.pytorch.button}
      </button>
      <p className="help" role="status" data-testid="lesson-export-status">
        {exportStatusText(t, locale, job, note) ?? fill(t.lessons.view.pytorch.help, { what })}
      </p>
    </div>
  );
}
