/**
 * Memory by category at the profiled step's peak, each beside the pre-flight estimate's group for it
 * (config/estimateVsMeasured.ts), so the estimate is checked group by group against a measurement.
 */
import { compareEstimate } from '../../config/estimateVsMeasured';
import { runPreflight } from '../../config/preflight';
import { MEMORY_CATEGORIES, type StepProfile } from '../../config/stepProfile';
import { useAppStore } from '../../state/store';
import { formatBytes, formatExactBytes } from '../format';
import { fill } from '../../i18n/fill';
import { useLocale, useText } from '../i18n/useText';
import { ColumnHeads } from '../ColumnHeads';

const ratio = (v: number | null) => (v === null ? '—' : `${v.toFixed(2)}×`);

export function MemoryCategoryTable({ profile }: { profile: StepProfile }) {
  const info = useAppStore((s) => s.backendInfo);
  const { memory } = profile;
  const w = useText().profile.memory;
  const locale = useLocale();
  const estimate = runPreflight(profile.config, info);
  const comparison =
    estimate.verdict === 'waiting' || !estimate.estimate
      ? null
      : compareEstimate(estimate.estimate, {
          atPeak: memory.atPeak,
          peakBytes: memory.peakBytes,
          poolBytes: profile.poolBytes,
        });
  const unit =
    memory.unit === 'gpu-buffers' ? w.unitGpu : profile.backend === 'cpu' ? w.unitCpu : w.unitTensors;
  return (
    <div className="table-scroll">
      <table data-testid="profile-category-table">
        <caption>{fill(w.caption, { step: profile.memoryStep, unit })}</caption>
        <ColumnHeads heads={[w.category, w.atPeak, w.most, w.estimate, w.ratio]} />
        <tbody>
          {MEMORY_CATEGORIES.map((c) => {
            const g = comparison?.groups.find((x) => x.category === c) ?? null;
            return (
              <tr key={c} data-testid={`profile-category-${c}`} data-bytes={memory.atPeak[c]}>
                <th scope="row" title={w.categoryHelp[c]}>
                  {w.categories[c]}
                </th>
                <td className="num">{formatExactBytes(memory.atPeak[c], locale)}</td>
                <td className="num">{formatBytes(memory.maxByCategory[c], locale)}</td>
                <td className="num" title={g ? w.groups[g.group] : undefined}>
                  {g ? formatBytes(g.estimateBytes, locale) : '—'}
                </td>
                <td className="num">{ratio(g?.ratio ?? null)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{w.peak}</th>
            <td className="num" data-testid="profile-peak-bytes">
              {formatExactBytes(memory.peakBytes, locale)}
            </td>
            <td className="num">
              {profile.poolBytes === null
                ? ''
                : fill(w.pool, { bytes: formatBytes(profile.poolBytes, locale) })}
            </td>
            <td className="num">{comparison ? formatBytes(comparison.estimateBytes, locale) : '—'}</td>
            <td className="num">{ratio(comparison?.estimateOverPeak ?? null)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
