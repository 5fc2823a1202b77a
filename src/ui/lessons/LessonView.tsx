/**
 * One lesson on one screen: its question, the article's figure, the button that runs it, and — once it has
 * run — the result card with the measured figure beside the article's and the line that explains the gap;
 * the lesson's live chart (fed as steps arrive) and table beside it; "Why?" folded below. Reads the lesson store and the lesson job's
 * status.
 */
import { useId, useMemo } from 'react';
import { viewNumber, type LessonId } from '../../config/views';
import { selectLessonRun, useLessonStore } from '../../state/lessonStore';
import { BytesArticle, BytesResult, BytesSide } from './BytesLesson';
import { FitArticle, FitResult, FitSide } from './FitLesson';
import { GpusArticle, GpusResult, GpusSide } from './GpusLesson';
import { ArmBytesChart, ArmPhasesChart, DeviceMemoryChart } from '../charts/LessonCharts';
import { CopyLink } from '../links/CopyLink';
import { LessonPlan } from './LessonPlan';
import { LessonPyTorch } from './LessonPyTorch';
import { LessonRunControls } from './LessonRunControls';
import { useLessonStatus } from './useLessonStatus';
import { armResults } from './lessonResults';
import { LoadersArticle, LoadersResult, LoadersSide } from './LoadersLesson';
import { chartArmsOf } from './chartArms';
import { fill } from '../../i18n/fill';
import { useText } from '../i18n/useText';

export function LessonView({ id }: { id: LessonId }) {
  const t = useText();
  const words = t.lessons[id];
  const run = useLessonStore(selectLessonRun(id));
  const { phase } = useLessonStatus(id);
  const titleId = useId();
  const arms = useMemo(() => armResults(run.arms), [run.arms]);
  const chartArms = useMemo(() => chartArmsOf(t, id, run.arms, arms), [run.arms, arms, t, id]);
  const number = viewNumber(id) ?? 0;
  return (
    <article className="lesson" aria-labelledby={titleId} data-testid={`lesson-${id}`}>
      <div className="lesson-main">
        <p className="lesson-eyebrow">{fill(t.lessons.view.eyebrow, { n: number, title: words.title })}</p>
        <h2 id={titleId} className="lesson-question" data-testid="lesson-question">
          {words.question}
        </h2>
        {id === 'bytes' && <BytesArticle />}
        {id === 'loaders' && <LoadersArticle />}
        {id === 'gpus' && <GpusArticle />}
        {id === 'fit' && <FitArticle />}
        <LessonRunControls id={id} />
        {id === 'bytes' && <BytesResult arms={arms} />}
        {id === 'loaders' && <LoadersResult arms={arms} pairs={run.pairs} />}
        {id === 'gpus' && <GpusResult records={run.strategies} />}
        {id === 'fit' && <FitResult />}
        <details className="lesson-why" data-testid="lesson-why">
          <summary>{t.lessons.view.why}</summary>
          <ul>
            {words.why.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </details>
        <div className="lesson-share">
          <CopyLink withRunOption={false} />
          <LessonPyTorch id={id} />
        </div>
      </div>
      <div className="lesson-side">
        {phase !== 'done' && <LessonPlan id={id} />}
        {id === 'fit' && <FitSide />}
        {id === 'bytes' && <ArmBytesChart arms={chartArms} />}
        {(id === 'loaders' || id === 'fit') && <ArmPhasesChart arms={chartArms} />}
        {id === 'gpus' && <DeviceMemoryChart records={run.strategies} />}
        {id === 'bytes' && <BytesSide arms={arms} />}
        {id === 'loaders' && <LoadersSide arms={arms} />}
        {id === 'gpus' && <GpusSide records={run.strategies} />}
      </div>
    </article>
  );
}
