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

export function BytesArticle() {
  const a = articleBytes();
  return (
    <ArticleFigure figure={`${times(a.factor)} fewer bytes per batch`}>
      {formatExactBytes(a.floatBytes)} → {formatExactBytes(a.uint8Bytes)}: 32 RGB images of 512 × 512 px with
      their masks, float32 + int64 vs uint8 + uint8.
    </ArticleFigure>
  );
}

export function BytesResult({ arms }: { arms: readonly ArmResult[] }) {
  const r = bytesLessonResult(arms);
  if (!r) return null;
  const u8 = arms.find((a) => a.id === 'uint8')!.figures;
  const f32 = arms.find((a) => a.id === 'float32')!.figures;
  return (
    <section
      className="result-card"
      aria-label="Result"
      data-testid="result-card"
      data-image-ratio={r.imageRatio}
      data-total-factor={r.totalFactor}
      data-trap-factor={r.trapFactor ?? ''}
    >
      <div className="result-pair">
        <div className="result-measured">
          <p className="result-label">Measured here, per step</p>
          <p className="result-figure" data-testid="result-figure">
            {times(r.totalFactor)} fewer bytes
          </p>
          <p>
            uint8 + uint8 masks: {formatExactBytes(u8.bytesToGpu!)} · float32 + int32 masks:{' '}
            {formatExactBytes(f32.bytesToGpu!)}
          </p>
        </div>
        <div className="result-article">
          <p className="result-label">The article, per batch</p>
          <p className="result-figure">{times(r.articleFactor)} fewer bytes</p>
          <p>
            {formatExactBytes(r.articleUint8Bytes)} vs {formatExactBytes(r.articleFloatBytes)}
          </p>
        </div>
      </div>
      <p className="result-gap" data-testid="result-gap">
        <strong>
          Why {times(r.totalFactor)} and not {times(r.articleFactor)}:
        </strong>{' '}
        TensorFlow.js has no int64, so the float batch&apos;s mask is int32 here: {r.hereFloatBytesPerPixel} B
        per pixel instead of the article&apos;s {r.articleFloatBytesPerPixel} B with an int64 mask.
      </p>
      <ul className="result-more">
        <li data-testid="result-images">
          Images alone: {times(r.imageRatio)} — {formatExactBytes(u8.imageBytesToGpu!)} vs{' '}
          {formatExactBytes(f32.imageBytesToGpu!)}, 1 B per value instead of 4.
        </li>
        {r.trapFactor !== null && (
          <li data-testid="result-trap">
            The int32 trap: tf.tensor(Uint8Array) sent {times(r.trapFactor)} the image bytes of the packed
            uint8 path.
          </li>
        )}
        {r.stepTimeFactor !== null && u8.meanStepMs !== null && f32.meanStepMs !== null && (
          <li>
            Step time: uint8 {formatMs(u8.meanStepMs)}, float32 {formatMs(f32.meanStepMs)}.{' '}
            {r.stepTimeFactor > 1.05
              ? `Fewer bytes made the step ${times(r.stepTimeFactor)} faster here too.`
              : 'Not faster here: on a software adapter the "GPU" is the CPU, the upload is a memory copy and unpacking is extra CPU work. On a real GPU the smaller transfer is the saving.'}
          </li>
        )}
      </ul>
    </section>
  );
}

/** Where each path's step time goes on the GPU: the kernels of its input handling, from a profiled step. */
function InputKernels({ arms }: { arms: readonly ArmResult[] }) {
  const rows = arms.flatMap((a) => {
    const t = a.profile ? inputKernelTime(a.profile) : null;
    return t ? [{ arm: a, t }] : [];
  });
  if (rows.length === 0) return null;
  return (
    <div className="table-scroll">
      <table className="arm-table" data-testid="input-kernels">
        <caption>
          Kernel time of one profiled step: the Normalize layer&apos;s input handling against the whole step.
          The packed uint8 unpack is a custom WGSL program the profiler does not list.
        </caption>
        <thead>
          <tr>
            <th scope="col">Run</th>
            <th scope="col">Input kernels</th>
            <th scope="col">Input</th>
            <th scope="col">Step</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ arm, t }) => (
            <tr key={arm.id} data-testid={`input-kernels-${arm.id}`} data-input-kernels={t.kernels.join(',')}>
              <th scope="row">{arm.label}</th>
              <td>{t.kernels.join(', ') || 'none'}</td>
              <td>{formatMs(t.inputMs)}</td>
              <td>{formatMs(t.totalMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function BytesSide({ arms }: { arms: readonly ArmResult[] }) {
  const backend = useAppStore((s) => s.backendInfo?.backend ?? null);
  return (
    <>
      <ArmTable
        arms={arms}
        kind="bytes"
        backend={backend}
        caption="Bytes handed to the GPU per step, measured, and what the byte calculator expects"
      />
      <InputKernels arms={arms} />
    </>
  );
}
