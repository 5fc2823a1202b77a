/**
 * The profile's kernel table: by kernel (name and family, slowest first) or by U-Net layer. Shows the
 * first rows and lets the rest be expanded. All text is rendered as text.
 */
import { useId, useState } from 'react';
import type { KernelRow, LayerRow, StepProfile } from '../../config/stepProfile';
import { formatMs } from '../format';

const FIRST_ROWS = 12;

const ms = (v: number | null) => (v === null ? '—' : formatMs(v));
const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)} %`);
const gflops = (v: number | null) => (v === null ? '—' : v.toPrecision(3));

function KernelRows({ rows }: { rows: readonly KernelRow[] }) {
  return (
    <>
      <thead>
        <tr>
          <th scope="col">kernel</th>
          <th scope="col">family</th>
          <th scope="col">ms</th>
          <th scope="col">share</th>
          <th scope="col">count</th>
          <th scope="col">GFLOP/s</th>
          <th scope="col">shapes (inputs → outputs)</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.name}|${r.family}`} data-testid="profile-kernel-row" data-kernel={r.name}>
            <th scope="row">{r.name}</th>
            <td>{r.family}</td>
            <td className="num">{ms(r.ms)}</td>
            <td className="num">{pct(r.share)}</td>
            <td className="num">{r.count}</td>
            <td className="num">{gflops(r.gflops)}</td>
            <td className="shapes">{r.shapes.join('; ')}</td>
          </tr>
        ))}
      </tbody>
    </>
  );
}

function LayerRows({ rows }: { rows: readonly LayerRow[] }) {
  return (
    <>
      <thead>
        <tr>
          <th scope="col">layer</th>
          <th scope="col">forward ms</th>
          <th scope="col">backward ms</th>
          <th scope="col">all ms</th>
          <th scope="col">share</th>
          <th scope="col">kernels</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.layer} data-testid="profile-layer-row">
            <th scope="row">{r.layer}</th>
            <td className="num">{ms(r.forwardMs)}</td>
            <td className="num">{ms(r.backwardMs)}</td>
            <td className="num">{ms(r.ms)}</td>
            <td className="num">{pct(r.share)}</td>
            <td className="num">{r.count}</td>
          </tr>
        ))}
      </tbody>
    </>
  );
}

export function KernelTable({ profile }: { profile: StepProfile }) {
  const [view, setView] = useState<'kernel' | 'layer'>('kernel');
  const [all, setAll] = useState(false);
  const captionId = useId();
  const rows = view === 'kernel' ? profile.kernelRows : profile.layerRows;
  const shown = all ? rows : rows.slice(0, FIRST_ROWS);
  return (
    <div className="profile-table">
      <div className="buttons" role="group" aria-label="Group kernels">
        <button type="button" aria-pressed={view === 'kernel'} onClick={() => setView('kernel')}>
          By kernel
        </button>
        <button
          type="button"
          aria-pressed={view === 'layer'}
          onClick={() => setView('layer')}
          data-testid="profile-by-layer"
        >
          By U-Net layer
        </button>
      </div>
      <div className="table-scroll">
        <table aria-describedby={captionId} data-testid="profile-kernel-table">
          {view === 'kernel' ? (
            <KernelRows rows={shown as KernelRow[]} />
          ) : (
            <LayerRows rows={shown as LayerRow[]} />
          )}
        </table>
      </div>
      <p id={captionId} className="help">
        {view === 'kernel'
          ? `${profile.kernels.length} kernels in ${profile.kernelRows.length} rows, slowest first; share = of all kernel time${profile.totalKernelMs === null ? '' : ` (${formatMs(profile.totalKernelMs)})`}. GFLOP/s where the FLOPs of the kernel are known (convolutions).`
          : 'Kernels of the backward pass count for the layer whose forward op they differentiate.'}{' '}
        {rows.length > FIRST_ROWS && (
          <button type="button" className="link" onClick={() => setAll(!all)}>
            {all ? `Show the first ${FIRST_ROWS}` : `Show all ${rows.length}`}
          </button>
        )}
      </p>
    </div>
  );
}
