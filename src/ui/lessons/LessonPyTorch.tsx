/**
 * "Take it to PyTorch" in a lesson: exports the lesson's key configuration as a runnable PyTorch project
 * (the uint8 path of lesson 1, the 2-worker loader of lesson 2, DDP on 2 processes for lesson 3) through
 * the export store's action, and shows its status line.
 */
import { armConfig, GPUS_LESSON_REPLICAS, LESSONS } from '../../config/lessons';
import type { PyTorchExportRequest } from '../../config/pytorchExport';
import type { TrainConfig } from '../../config/trainConfig';
import type { LessonId } from '../../config/views';
import {
  selectPyTorchExportMessage,
  selectPyTorchExportStatus,
  usePyTorchExportStore,
} from '../../state/pytorchExportStore';

/** What each lesson exports: its configuration and the PyTorch strategy. */
function lessonExport(id: LessonId): { config: TrainConfig; request: PyTorchExportRequest; what: string } {
  const lesson = LESSONS[id];
  if (id === 'gpus') {
    return {
      config: lesson.config,
      request: { strategy: 'ddp', processes: GPUS_LESSON_REPLICAS },
      what: `DistributedDataParallel on ${GPUS_LESSON_REPLICAS} processes (torchrun)`,
    };
  }
  const arm = id === 'loaders' ? lesson.arms.find((a) => a.id === 'w2')! : lesson.arms[0]!;
  return {
    config: armConfig(lesson, arm),
    request: { strategy: 'single', processes: 1 },
    what: `“${arm.label}”, one process`,
  };
}

export function LessonPyTorch({ id }: { id: LessonId }) {
  const status = usePyTorchExportStore(selectPyTorchExportStatus);
  const message = usePyTorchExportStore(selectPyTorchExportMessage);
  const { config, request, what } = lessonExport(id);
  return (
    <div className="lesson-pytorch">
      <button
        type="button"
        disabled={status === 'building'}
        onClick={() => void usePyTorchExportStore.getState().exportPyTorch(request, config)}
        data-testid="lesson-export-pytorch"
      >
        Take it to PyTorch
      </button>
      <p className="help" role="status" data-testid="lesson-export-status">
        {message ?? `A runnable train.py for ${what}, with BatchLab's initial weights and first batches.`}
      </p>
    </div>
  );
}
