/**
 * Input / ground truth / prediction for a few fixed validation samples, with a class legend (the shapes'
 * names for synthetic data and photos, class numbers for the user's own images).
 * Pixels are written with putImageData (no markup, CSP-safe); refreshed when a new preview arrives.
 */
import { useEffect, useRef } from 'react';
import type { PreviewRecord } from '../config/telemetry';
import { useAppStore } from '../state/store';
import { classColor } from './classPalette';
import { fill } from '../i18n/fill';
import { useText } from './i18n/useText';

type Kind = 'image' | 'truth' | 'prediction';

function paint(canvas: HTMLCanvasElement, record: PreviewRecord, index: number, kind: Kind): void {
  const sample = record.samples[index];
  const ctx = canvas.getContext('2d');
  if (!sample || !ctx) return;
  const size = record.sizePx;
  canvas.width = size;
  canvas.height = size;
  const out = ctx.createImageData(size, size);
  for (let p = 0; p < size * size; p++) {
    let rgb: readonly [number, number, number];
    if (kind === 'image') {
      const c = record.channels;
      const r = sample.image[p * c] ?? 0;
      rgb = c === 3 ? [r, sample.image[p * c + 1] ?? 0, sample.image[p * c + 2] ?? 0] : [r, r, r];
    } else {
      rgb = classColor((kind === 'truth' ? sample.truth : sample.prediction)[p] ?? 0);
    }
    out.data[p * 4] = rgb[0];
    out.data[p * 4 + 1] = rgb[1];
    out.data[p * 4 + 2] = rgb[2];
    out.data[p * 4 + 3] = 255;
  }
  ctx.putImageData(out, 0, 0);
  canvas.dataset.painted = String(record.step);
}

function PreviewCanvas({ record, index, kind }: { record: PreviewRecord; index: number; kind: Kind }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const t = useText().app.preview;
  useEffect(() => {
    if (ref.current) paint(ref.current, record, index, kind);
  }, [record, index, kind]);
  return (
    <canvas
      ref={ref}
      className="preview"
      data-testid={`preview-${kind}-${index}`}
      aria-label={fill(t.canvasLabel, { kind: t.kinds[kind], n: index + 1 })}
      role="img"
    />
  );
}

export function PreviewPanel() {
  const record = useAppStore((s) => s.preview);
  const t = useText().app.preview;
  const { classOfFiles } = useText().ownImages.panel;
  return (
    <section className="panel previews" aria-labelledby="preview-title">
      <h2 id="preview-title">{t.title}</h2>
      {record ? (
        <>
          <p className="help">{fill(t.after, { step: record.step })}</p>
          <div className="preview-grid">
            {record.samples.map((_, i) => (
              <div className="preview-row" key={i}>
                <PreviewCanvas record={record} index={i} kind="image" />
                <PreviewCanvas record={record} index={i} kind="truth" />
                <PreviewCanvas record={record} index={i} kind="prediction" />
              </div>
            ))}
          </div>
          <ul className="legend" aria-label={t.legend}>
            {Array.from({ length: record.numClasses }, (_, k) => {
              const [r, g, b] = classColor(k);
              return (
                <li key={k}>
                  <span
                    className="swatch"
                    ref={(el) => el?.style.setProperty('background', `rgb(${r} ${g} ${b})`)}
                  />
                  {record.source === 'files'
                    ? fill(classOfFiles, { k })
                    : (t.classes[k] ?? fill(t.classN, { k }))}
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <p className="help">{t.empty}</p>
      )}
    </section>
  );
}
