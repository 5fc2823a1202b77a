/**
 * The article's first lesson, for the current config: bytes of one batch on the host, bytes handed to
 * the GPU per step, and bytes of the model's input tensors, for every storage dtype and normalization
 * placement, with the ratio to float32 + loader normalization; the last step's measured figure beside
 * the formula; the article's 32×512×512×3 example; and a button that proves all paths feed the model
 * the same numbers on this device.
 */
import { useState } from 'react';
import { ARTICLE_GRAY_MEAN255, ARTICLE_GRAY_STD255, DATASET_STATS } from '../config/trainConfig';
import { ARTICLE_EXAMPLE, browserBatchBytes } from '../data/batchBytes';
import { useDatasetStore } from '../state/datasetStore';
import { useLessonStore } from '../state/lessonStore';
import { selectConfig, useAppStore } from '../state/store';
import { dataPathRows } from './dataPathTable';
import { formatBytes, formatExactBytes, formatNumber, formatRatio } from './format';
import { fill } from '../i18n/fill';
import { Template } from './i18n/Template';
import { useLocale, useText } from './i18n/useText';
import { armLabel } from './lessons/armLabel';
import { articleBytes } from './lessons/lessonResults';
import { ColumnHeads } from './ColumnHeads';
import { SelectField } from './fields/SelectField';

function BytesTable({ caption, rows }: { caption: string; rows: ReturnType<typeof dataPathRows> }) {
  const w = useText().panels.dataPath;
  const locale = useLocale();
  const formatExact = (bytes: number) => formatExactBytes(bytes, locale);
  const formatShort = (bytes: number) => formatBytes(bytes, locale);
  return (
    <table>
      <caption>{caption}</caption>
      <ColumnHeads
        heads={[w.columns.mode, w.columns.host, w.columns.toGpu, w.columns.gpuInput, w.columns.vsFloat32]}
      />
      <tbody>
        {rows.map((r) => (
          <tr key={r.mode.id} className={r.current ? 'current' : undefined}>
            <th scope="row">
              {w.modes[r.mode.id]}
              {r.current ? w.current : ''}
            </th>
            <td title={formatExact(r.hostBatchBytes)}>{formatShort(r.hostBatchBytes)}</td>
            <td
              title={formatExact(r.bytesToGpu)}
              data-testid={r.current ? 'datapath-current-bytes' : undefined}
            >
              {formatShort(r.bytesToGpu)}
            </td>
            <td title={formatExact(r.gpuInputBytes)}>{formatShort(r.gpuInputBytes)}</td>
            <td>{formatRatio(r.ratioToFloat32, locale)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ArticleExample({ backend }: { backend: 'webgpu' | 'webgl' | 'cpu' }) {
  const config = useAppStore(selectConfig);
  const w = useText().panels.dataPath;
  const locale = useLocale();
  const shape = ARTICLE_EXAMPLE;
  const a = articleBytes();
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
        <Template
          text={w.article}
          values={{
            float: (
              <strong data-testid="article-float-bytes">{formatExactBytes(a.floatBytes, locale)}</strong>
            ),
            uint8: (
              <strong data-testid="article-uint8-bytes">{formatExactBytes(a.uint8Bytes, locale)}</strong>
            ),
            ratio: formatRatio(a.factor, locale),
          }}
        />
      </p>
      <BytesTable caption={fill(w.articleCaption, { backend })} rows={rows} />
      <p className="help">{w.articleHelp}</p>
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
  const w = useText().panels.dataPath.stats;
  const locale = useLocale();
  const list = (values: readonly number[]) => values.map((v) => formatNumber(v, locale, 1)).join(', ');
  return (
    <SelectField
      id="stats-choice"
      label={w.label}
      className="wide-select"
      value={article ? 'article' : 'dataset'}
      options={['dataset', 'article']}
      text={(o) => w[o]}
      disabled={running}
      aria-describedby="stats-choice-help"
      onChange={(v) =>
        setConfig(
          v === 'article'
            ? {
                mean255: Array.from({ length: config.channels }, () => ARTICLE_GRAY_MEAN255),
                std255: Array.from({ length: config.channels }, () => ARTICLE_GRAY_STD255),
              }
            : { mean255: [...measured.mean255], std255: [...measured.std255] },
        )
      }
    >
      <p id="stats-choice-help" className="help">
        {fill(w.help, { mean: list(config.mean255), std: list(config.std255) })}
      </p>
    </SelectField>
  );
}

function VerifyPaths() {
  const check = useAppStore((s) => s.dataPathCheck);
  const run = useAppStore((s) => s.runDataPathCheck);
  const busy = useAppStore((s) => s.status !== 'idle' && s.status !== 'stopped');
  const result = check.result;
  const { verify: w, modes } = useText().panels.dataPath;
  const locale = useLocale();
  return (
    <div className="verify-paths">
      <button
        type="button"
        onClick={() => void run()}
        disabled={busy || check.running}
        data-testid="verify-paths"
      >
        {check.running ? w.checking : w.button}
      </button>
      {result?.error && <p className="status-failed">{result.error}</p>}
      {result && !result.error && (
        <table data-testid="verify-result">
          <caption>{fill(w.caption, { backend: result.backend, errors: result.uncapturedErrors })}</caption>
          <ColumnHeads heads={[w.path, w.maxError, w.tolerance, w.firstLoss, w.imageBytes]} />
          <tbody>
            {result.rows.map((r) => (
              <tr key={r.label} className={r.ok ? undefined : 'bad'}>
                <th scope="row">
                  {r.ok ? '✓ ' : '✗ '}
                  {modes[r.id]}
                </th>
                <td>{r.maxAbsError.toExponential(1)}</td>
                <td>{r.tolerance.toExponential(0)}</td>
                <td>{r.firstLoss.toFixed(5)}</td>
                <td>{formatExactBytes(r.uploadedImageBytes, locale)}</td>
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
  const t = useText();
  const w = t.panels.dataPath;
  const locale = useLocale();
  const measured = arms.filter((a) => a.finished && a.rows.length > 0);
  if (measured.length === 0) return null;
  const { batchSize, imageSizePx, channels } = measured[0]!.config;
  return (
    <div data-testid="datapath-lesson-measured">
      <p>{fill(w.lessonMeasured, { batch: batchSize, size: imageSizePx, channels })}</p>
      <ul>
        {measured.map((a) => {
          const row = a.rows.at(-1)!;
          const expected = info ? browserBatchBytes(a.config, info.backend) : null;
          return (
            <li key={a.id} data-testid={`datapath-lesson-${a.id}`}>
              {fill(w.lessonArm, {
                arm: armLabel(t, 'bytes', a.id),
                bytes: formatExactBytes(row.uploadedImageBytes + row.uploadedMaskBytes, locale),
              })}
              {expected
                ? fill(w.lessonFormula, {
                    bytes: formatExactBytes(expected.uploadImageBytes + expected.uploadMaskBytes, locale),
                  })
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
  const w = useText().panels.dataPath;
  const locale = useLocale();
  return (
    <section className="panel data-path" aria-labelledby="datapath-title">
      <h2 id="datapath-title">{w.title}</h2>
      <p className="help">
        <Template
          text={w.help}
          values={{
            code: <code>tf.tensor(Uint8Array)</code>,
            others: backend === 'webgpu' ? w.otherBackends : backend,
          }}
        />
      </p>
      <StatsChoice />
      <BytesTable
        caption={fill(w.caption, {
          batch: config.batchSize,
          size: config.imageSizePx,
          channels: config.channels,
          mask: config.maskDtype,
          backend,
        })}
        rows={rows}
      />
      <p data-testid="datapath-measured">
        {fill(w.measuredLast, {
          value: latest
            ? fill(w.measuredValue, {
                bytes: formatExactBytes(latest.uploadedImageBytes + latest.uploadedMaskBytes, locale),
                formula: formatExactBytes(current?.bytesToGpu ?? Number.NaN, locale),
              })
            : w.startToMeasure,
        })}
      </p>
      <LessonMeasurements />
      <button
        type="button"
        onClick={() => setShowArticle((v) => !v)}
        aria-expanded={showArticle}
        data-testid="article-toggle"
      >
        {showArticle ? w.hideArticle : w.showArticle}
      </button>
      {showArticle && <ArticleExample backend={backend} />}
      <VerifyPaths />
    </section>
  );
}
