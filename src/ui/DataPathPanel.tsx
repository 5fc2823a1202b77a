/**
 * The article's first lesson, for the current config: bytes of one batch on the host, bytes handed to
 * the GPU per step, and bytes of the model's input tensors, for every storage dtype and normalization
 * placement, with the ratio to float32 + loader normalization; the last step's measured figure beside
 * the formula; the article's 32×512×512×3 example; and a button that proves all paths feed the model
 * the same numbers on this device.
 */
import { useState } from 'react';
import { ARTICLE_GRAY_MEAN255, ARTICLE_GRAY_STD255, DATASET_STATS } from '../config/trainConfig';
import { ARTICLE_EXAMPLE, browserBatchBytes, torchBatchBytes } from '../data/batchBytes';
import { useDatasetStore } from '../state/datasetStore';
import { useLessonStore } from '../state/lessonStore';
import { selectConfig, useAppStore } from '../state/store';
import { dataPathRows } from './dataPathTable';
import { formatBytes, formatExactBytes, formatRatio } from './format';

function BytesTable({ caption, rows }: { caption: string; rows: ReturnType<typeof dataPathRows> }) {
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Mode</th>
          <th scope="col">Host batch</th>
          <th scope="col">To GPU / step</th>
          <th scope="col">GPU input tensors</th>
          <th scope="col">vs float32</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.mode.id} className={r.current ? 'current' : undefined} data-mode={r.mode.id}>
            <th scope="row">
              {r.mode.label}
              {r.current ? ' (current)' : ''}
            </th>
            <td title={formatExactBytes(r.hostBatchBytes)}>{formatBytes(r.hostBatchBytes)}</td>
            <td
              title={formatExactBytes(r.bytesToGpu)}
              data-testid={r.current ? 'datapath-current-bytes' : undefined}
            >
              {formatBytes(r.bytesToGpu)}
            </td>
            <td title={formatExactBytes(r.gpuInputBytes)}>{formatBytes(r.gpuInputBytes)}</td>
            <td>{formatRatio(r.ratioToFloat32)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ArticleExample({ backend }: { backend: 'webgpu' | 'webgl' | 'cpu' }) {
  const config = useAppStore(selectConfig);
  const shape = ARTICLE_EXAMPLE;
  const float = torchBatchBytes({ ...shape, imageDtype: 'float32', maskDtype: 'int64' });
  const bytes = torchBatchBytes({ ...shape, imageDtype: 'uint8', maskDtype: 'uint8' });
  const rows = dataPathRows(
    {
      ...config,
      batchSize: shape.batchSize,
      imageSizePx: shape.heightPx,
      channels: shape.channels,
      maskDtype: 'uint8',
    },
    backend,
  );
  return (
    <div className="article-example" data-testid="article-example">
      <p>
        PyTorch, 32 RGB images of 512×512 with a class mask: float32 images + int64 masks ={' '}
        <strong data-testid="article-float-bytes">{formatExactBytes(float.totalBytes)}</strong>; uint8 images
        + uint8 masks ={' '}
        <strong data-testid="article-uint8-bytes">{formatExactBytes(bytes.totalBytes)}</strong> (
        {formatRatio(float.totalBytes / bytes.totalBytes)} less).
      </p>
      <BytesTable caption={`The same batch in this browser (${backend}), uint8 masks`} rows={rows} />
      <p className="help">
        These are computed, not run: a 32×512×512 batch is far beyond what a software GPU trains in reasonable
        time, and may not fit a small GPU.
      </p>
    </div>
  );
}

function StatsChoice() {
  const config = useAppStore(selectConfig);
  const files = useDatasetStore((s) => s.files);
  const photos = useDatasetStore((s) => s.photos);
  // "Measured on this dataset": the synthetic shapes' pinned figures, or those measured on the files.
  const fileStats =
    config.dataSource === 'synthetic' ? null : (config.dataSource === 'files' ? files : photos).stats;
  const measured = fileStats?.[config.channels] ?? DATASET_STATS[config.channels];
  const setConfig = useAppStore((s) => s.setConfig);
  const running = useAppStore((s) => s.status === 'running');
  const article = config.mean255.every((m) => Math.abs(m - ARTICLE_GRAY_MEAN255) < 1e-9);
  return (
    <div className="field">
      <label htmlFor="stats-choice">Mean / std</label>
      <select
        id="stats-choice"
        className="wide-select"
        value={article ? 'article' : 'dataset'}
        disabled={running}
        aria-describedby="stats-choice-help"
        onChange={(e) =>
          setConfig(
            e.target.value === 'article'
              ? {
                  mean255: Array.from({ length: config.channels }, () => ARTICLE_GRAY_MEAN255),
                  std255: Array.from({ length: config.channels }, () => ARTICLE_GRAY_STD255),
                }
              : { mean255: [...measured.mean255], std255: [...measured.std255] },
          )
        }
      >
        <option value="dataset">measured on this dataset</option>
        <option value="article">the article's (0.221·255 / 0.242·255)</option>
      </select>
      <p id="stats-choice-help" className="help">
        mean {config.mean255.map((m) => m.toFixed(1)).join(', ')} · std{' '}
        {config.std255.map((s) => s.toFixed(1)).join(', ')} (0–255 scale). The Normalize layer keeps them on
        the GPU as constant tensors.
      </p>
    </div>
  );
}

function VerifyPaths() {
  const check = useAppStore((s) => s.dataPathCheck);
  const run = useAppStore((s) => s.runDataPathCheck);
  const busy = useAppStore((s) => s.status !== 'idle' && s.status !== 'stopped');
  const result = check.result;
  return (
    <div className="verify-paths">
      <button
        type="button"
        onClick={() => void run()}
        disabled={busy || check.running}
        data-testid="verify-paths"
      >
        {check.running ? 'Checking…' : 'Verify that every path feeds the same numbers'}
      </button>
      {result?.error && <p className="status-failed">{result.error}</p>}
      {result && !result.error && (
        <table data-testid="verify-result">
          <caption>
            Batch 0 through each path on {result.backend}, against a CPU reference; uncaptured GPU errors:{' '}
            {result.uncapturedErrors}
          </caption>
          <thead>
            <tr>
              <th scope="col">Path</th>
              <th scope="col">max |error|</th>
              <th scope="col">tolerance</th>
              <th scope="col">first loss</th>
              <th scope="col">image bytes to GPU</th>
            </tr>
          </thead>
          <tbody>
            {result.rows.map((r) => (
              <tr key={r.label} className={r.ok ? undefined : 'bad'}>
                <th scope="row">
                  {r.ok ? '✓ ' : '✗ '}
                  {r.label}
                </th>
                <td>{r.maxAbsError.toExponential(1)}</td>
                <td>{r.tolerance.toExponential(0)}</td>
                <td>{r.firstLoss.toFixed(5)}</td>
                <td>{formatExactBytes(r.uploadedImageBytes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/**
 * What lesson 1 measured, where the same figures are explained: bytes handed to the GPU per step by each
 * path it trained, beside the byte calculator's figure for that configuration.
 */
function LessonMeasurements() {
  const arms = useLessonStore((s) => s.runs.bytes.arms);
  const info = useAppStore((s) => s.backendInfo);
  const measured = arms.filter((a) => a.finished && a.rows.length > 0);
  if (measured.length === 0) return null;
  const { batchSize, imageSizePx, channels } = measured[0]!.config;
  return (
    <div data-testid="datapath-lesson-measured">
      <p>
        Measured by lesson 1 (batch {batchSize} × {imageSizePx}×{imageSizePx}×{channels}), bytes handed to the
        GPU per step:
      </p>
      <ul>
        {measured.map((a) => {
          const row = a.rows.at(-1)!;
          const expected = info ? browserBatchBytes(a.config, info.backend) : null;
          return (
            <li key={a.id} data-testid={`datapath-lesson-${a.id}`}>
              {a.label}: {formatExactBytes(row.uploadedImageBytes + row.uploadedMaskBytes)}
              {expected
                ? ` (formula: ${formatExactBytes(expected.uploadImageBytes + expected.uploadMaskBytes)})`
                : ''}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function DataPathPanel() {
  const config = useAppStore(selectConfig);
  const info = useAppStore((s) => s.backendInfo);
  const latest = useAppStore((s) => s.latest);
  const [showArticle, setShowArticle] = useState(false);
  const backend = info?.backend ?? 'webgpu';
  const rows = dataPathRows(config, backend);
  const current = rows.find((r) => r.current);
  return (
    <section className="panel data-path" aria-labelledby="datapath-title">
      <h2 id="datapath-title">Data path: what crosses to the GPU</h2>
      <p className="help">
        A float32 pixel is 4 bytes; a uint8 pixel is 1. Keep images as uint8 on the host and over the bus, and
        let the model's first layer cast and normalize them on the GPU: the batch that crosses shrinks 4×.
        TensorFlow.js has no uint8 tensor — <code>tf.tensor(Uint8Array)</code> silently becomes int32, 4 bytes
        each — so BatchLab uploads the packed bytes itself and unpacks them in a WGSL shader. Only WebGPU can
        do that here; on {backend === 'webgpu' ? 'other backends' : backend} every path is widened to 4 bytes.
      </p>
      <StatsChoice />
      <BytesTable
        caption={`Batch ${config.batchSize} × ${config.imageSizePx}×${config.imageSizePx}×${config.channels}, ${config.maskDtype} masks, on ${backend}`}
        rows={rows}
      />
      <p data-testid="datapath-measured">
        Measured last step:{' '}
        {latest
          ? `${formatExactBytes(latest.uploadedImageBytes + latest.uploadedMaskBytes)} handed to the GPU (formula: ${formatExactBytes(current?.bytesToGpu ?? Number.NaN)})`
          : 'start training to measure'}
      </p>
      <LessonMeasurements />
      <button
        type="button"
        onClick={() => setShowArticle((v) => !v)}
        aria-expanded={showArticle}
        data-testid="article-toggle"
      >
        {showArticle ? 'Hide the article example' : 'Show the article example (32×512×512×3)'}
      </button>
      {showArticle && <ArticleExample backend={backend} />}
      <VerifyPaths />
    </section>
  );
}
