/**
 * The profile's kernel table: by kernel (name and family, slowest first) or by U-Net layer. Shows the
 * first rows and lets the rest be expanded. All text is rendered as text.
 */
import { useId, useState } from 'react';
import type { KernelRow, LayerRow, StepProfile } from '../../config/stepProfile';
import { formatMs } from '../format';
import { fill } from '../../i18n/fill';
import { useText } from '../i18n/useText';
import { ColumnHeads } from '../ColumnHeads';

const FIRST_ROWS = 12;

const ms = (v: number | null) => (v === null ? '—' : formatMs(v));
const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)} %`);
const gflops = (v: number | null) => (v === null ? '—' : v.toPrecision(3));

/** Characters of the first shape shown in the table; the cell's title holds every shape in full. */
const SHAPE_CHARS = 24;

/** The first shape (cut to SHAPE_CHARS) and how many more: one line per row, the rest on hover. */
function shortShapes(shapes: readonly string[], more: string): string {
  const first = shapes[0] ?? '';
  const cut = first.length > SHAPE_CHARS ? `${first.slice(0, SHAPE_CHARS - 1)}…` : first;
  return shapes.length > 1 ? `${cut} ${fill(more, { n: shapes.length - 1 })}` : cut;
}

function KernelRows({ rows }: { rows: readonly KernelRow[] }) {
  const t = useText().profile;
  const w = { ...t.kernels, families: t.families };
  return (
    <>
      <ColumnHeads heads={[w.kernel, w.family, w.ms, w.share, w.count, w.gflops, w.shapes]} />
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.name}|${r.family}`} data-testid="profile-kernel-row" data-kernel={r.name}>
            <th scope="row">{r.name}</th>
            <td>{w.families[r.family]}</td>
            <td className="num">{ms(r.ms)}</td>
            <td className="num">{pct(r.share)}</td>
            <td className="num">{r.count}</td>
            <td className="num">{gflops(r.gflops)}</td>
            <td className="shapes" title={r.shapes.join('; ')}>
              {shortShapes(r.shapes, w.moreShapes)}
            </td>
          </tr>
        ))}
      </tbody>
    </>
  );
}

function LayerRows({ rows }: { rows: readonly LayerRow[] }) {
  const w = useText().profile.kernels;
  return (
    <>
      <ColumnHeads heads={[w.layer, w.forwardMs, w.backwardMs, w.allMs, w.share, w.kernelsCount]} />
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
  const w = useText().profile.kernels;
  return (
    <div className="profile-table">
      <div className="buttons" role="group" aria-label={w.group}>
        <button type="button" aria-pressed={view === 'kernel'} onClick={() => setView('kernel')}>
          {w.byKernel}
        </button>
        <button
          type="button"
          aria-pressed={view === 'layer'}
          onClick={() => setView('layer')}
          data-testid="profile-by-layer"
        >
          {w.byLayer}
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
          ? fill(w.kernelHelp, {
              kernels: profile.kernels.length,
              rows: profile.kernelRows.length,
              total:
                profile.totalKernelMs === null ? '' : fill(w.total, { ms: formatMs(profile.totalKernelMs) }),
            })
          : w.layerHelp}{' '}
        {rows.length > FIRST_ROWS && (
          <button type="button" className="link" onClick={() => setAll(!all)}>
            {all ? fill(w.showFirst, { n: FIRST_ROWS }) : fill(w.showAll, { n: rows.length })}
          </button>
        )}
      </p>
    </div>
  );
}
