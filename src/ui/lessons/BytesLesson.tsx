/**
 * Lesson 1, bytes to the GPU: the article's 5× beside the measured per-step bytes of uint8 + GPU normalize,
 * float32 + loader normalize, and the tf.tensor(Uint8Array) trap, with the line that explains 5× → 4×.
 */
import { useAppStore } from '../../state/store';
import { formatExactBytes, formatMs } from '../format';
import { ArticleFigure } from './ArticleFigure';
import { ArmTable } from './ArmTable';
import { times } from './lessonFormat';
import { articleBytes, bytesLessonResult, inputKernelTime, type ArmResult } from './lessonResults';
import { fill } from '../../i18n/fill';
import { DEFAULT_TIMING } from '../../config/stableTiming';
import { verdictWords } from '../results/verdictText';
import { useLocale, useText } from '../i18n/useText';
import { armLabel } from './armLabel';
import { ColumnHeads } from '../ColumnHeads';

export function BytesArticle() {
  const w = useText().lessons.bytes.article;
  const locale = useLocale();
  const a = articleBytes();
  return (
    <ArticleFigure figure={fill(w.figure, { factor: times(a.factor, locale) })}>
      {fill(w.detail, {
        float: formatExactBytes(a.floatBytes, locale),
        uint8: formatExactBytes(a.uint8Bytes, locale),
      })}
    </ArticleFigure>
  );
}

export function BytesResult({ arms }: { arms: readonly ArmResult[] }) {
  const t = useText();
  const w = t.lessons.bytes.result;
  const locale = useLocale();
  const x = (factor: number) => times(factor, locale);
  const exact = (bytes: number) => formatExactBytes(bytes, locale);
  const r = bytesLessonResult(arms);
  if (!r) return null;
  const article = articleBytes();
  const u8 = arms.find((a) => a.id === 'uint8')!.figures;
  const f32 = arms.find((a) => a.id === 'float32')!.figures;
  const speed =
    r.stepSpeed && r.stepVerdict
      ? verdictWords(t, locale, r.stepSpeed, r.stepVerdict, DEFAULT_TIMING.tolerance, 'unpaired')
      : null;
  return (
    <section
      className="result-card"
      aria-label={t.lessons.view.resultLabel}
      data-testid="result-card"
      data-image-ratio={r.imageRatio}
      data-total-factor={r.totalFactor}
      data-trap-factor={r.trapFactor ?? ''}
      data-uint8-step-ms={r.uint8StepMs ?? ''}
      data-float32-step-ms={r.floatStepMs ?? ''}
      data-step-verdict={r.stepVerdict?.code ?? ''}
    >
      <div className="result-pair">
        <div className="result-measured">
          <p className="result-label">{w.measuredLabel}</p>
          <p className="result-figure" data-testid="result-figure">
            {fill(w.fewerBytes, { factor: x(r.totalFactor) })}
          </p>
          <p>{fill(w.measuredDetail, { uint8: exact(u8.bytesToGpu!), float: exact(f32.bytesToGpu!) })}</p>
        </div>
        <div className="result-article">
          <p className="result-label">{w.articleLabel}</p>
          <p className="result-figure">{fill(w.fewerBytes, { factor: x(article.factor) })}</p>
          <p>
            {fill(w.articleDetail, { uint8: exact(article.uint8Bytes), float: exact(article.floatBytes) })}
          </p>
        </div>
      </div>
      <p className="result-gap" data-testid="result-gap">
        <strong>{fill(w.gapTitle, { here: x(r.totalFactor), article: x(article.factor) })}</strong>{' '}
        {fill(w.gap, { here: r.hereFloatBytesPerPixel, article: article.floatBytesPerPixel })}
      </p>
      <ul className="result-more">
        <li data-testid="result-images">
          {fill(w.images, {
            factor: x(1 / r.imageRatio),
            uint8: exact(u8.imageBytesToGpu!),
            float: exact(f32.imageBytesToGpu!),
          })}
        </li>
        {r.trapFactor !== null && (
          <li data-testid="result-trap">{fill(w.trap, { factor: x(r.trapFactor) })}</li>
        )}
        {r.uint8StepMs !== null && r.floatStepMs !== null && (
          <li data-testid="result-step-time">
            {fill(w.stepTime, {
              uint8: formatMs(r.uint8StepMs, locale),
              float: formatMs(r.floatStepMs, locale),
            })}{' '}
            {speed ? `${fill(w.stepVerdict, { ...speed })} ${speed.settledNote} ` : `${w.stepNoSpread} `}
            {r.stepVerdict?.code === 'faster' ? w.faster : w.notFaster}
          </li>
        )}
      </ul>
    </section>
  );
}

/**
 * Where each path's GPU time goes in one profiled step: its input kernels against all its kernels. A profile
 * times each kernel in its own pass (serialised), so these are never the step time the card and the arm
 * table quote (the measured one); every figure here says "profiled".
 */
function InputKernels({ arms }: { arms: readonly ArmResult[] }) {
  const t = useText();
  const w = t.lessons.bytes.kernels;
  const locale = useLocale();
  const rows = arms.flatMap((a) => {
    const k = a.profile ? inputKernelTime(a.profile) : null;
    return k ? [{ arm: a, k }] : [];
  });
  if (rows.length === 0) return null;
  return (
    <div className="table-scroll" role="region" aria-label={w.caption} tabIndex={0}>
      <table className="arm-table" data-testid="input-kernels">
        <caption>{w.caption}</caption>
        <ColumnHeads heads={[t.lessons.view.table.run, w.inputKernels, w.input, w.step]} />
        <tbody>
          {rows.map(({ arm, k }) => (
            <tr
              key={arm.id}
              data-testid={`input-kernels-${arm.id}`}
              data-input-kernels={k.kernels.join(',')}
              data-profiled-input-ms={k.inputMs}
            >
              <th scope="row">{armLabel(t, 'bytes', arm.id)}</th>
              <td>
                {k.kernels
                  .map((n) => (n.startsWith('BatchLab') ? fill(w.ownKernel, { name: n }) : n))
                  .join(', ') || w.none}
              </td>
              <td>{formatMs(k.inputMs, locale)}</td>
              <td>{formatMs(k.totalMs, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function BytesSide({ arms }: { arms: readonly ArmResult[] }) {
  const backend = useAppStore((s) => s.backendInfo?.backend ?? null);
  const t = useText();
  return (
    <>
      <ArmTable
        lesson="bytes"
        arms={arms}
        kind="bytes"
        backend={backend}
        caption={t.lessons.bytes.tableCaption}
      />
      <InputKernels arms={arms} />
    </>
  );
}
