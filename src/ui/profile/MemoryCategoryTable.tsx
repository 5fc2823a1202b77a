/**
 * Memory by category at the profiled step's peak, each beside the pre-flight estimate's group for it
 * (config/estimateVsMeasured.ts), so the estimate is checked group by group against a measurement.
 */
import { compareEstimate, GROUP_LABELS } from '../../config/estimateVsMeasured';
import { runPreflight } from '../../config/preflight';
import {
  MEMORY_CATEGORIES,
  MEMORY_CATEGORY_HELP,
  MEMORY_CATEGORY_LABELS,
  type StepProfile,
} from '../../config/stepProfile';
import { useAppStore } from '../../state/store';
import { formatBytes, formatExactBytes } from '../format';

const ratio = (v: number | null) => (v === null ? '—' : `${v.toFixed(2)}×`);

export function MemoryCategoryTable({ profile }: { profile: StepProfile }) {
  const info = useAppStore((s) => s.backendInfo);
  const { memory } = profile;
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
    memory.unit === 'gpu-buffers'
      ? "GPU buffers as tfjs's WebGPU allocator hands them out"
      : profile.backend === 'cpu'
        ? 'tensor data in host memory (the cpu backend has no GPU)'
        : 'tensor data as tfjs counts it';
  return (
    <div className="table-scroll">
      <table data-testid="profile-category-table">
        <caption>
          Step {profile.memoryStep} at its peak ({unit}); the estimate is the pre-flight check&apos;s group
          for the same bytes.
        </caption>
        <thead>
          <tr>
            <th scope="col">category</th>
            <th scope="col">at the peak</th>
            <th scope="col">most during the step</th>
            <th scope="col">pre-flight estimate</th>
            <th scope="col">estimate ÷ measured</th>
          </tr>
        </thead>
        <tbody>
          {MEMORY_CATEGORIES.map((c) => {
            const g = comparison?.groups.find((x) => x.category === c) ?? null;
            return (
              <tr key={c} data-testid={`profile-category-${c}`} data-bytes={memory.atPeak[c]}>
                <th scope="row" title={MEMORY_CATEGORY_HELP[c]}>
                  {MEMORY_CATEGORY_LABELS[c]}
                </th>
                <td className="num">{formatExactBytes(memory.atPeak[c])}</td>
                <td className="num">{formatBytes(memory.maxByCategory[c])}</td>
                <td className="num" title={g ? GROUP_LABELS[g.group] : undefined}>
                  {g ? formatBytes(g.estimateBytes) : '—'}
                </td>
                <td className="num">{ratio(g?.ratio ?? null)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">peak</th>
            <td className="num" data-testid="profile-peak-bytes">
              {formatExactBytes(memory.peakBytes)}
            </td>
            <td className="num">
              {profile.poolBytes === null ? '' : `pool ${formatBytes(profile.poolBytes)}`}
            </td>
            <td className="num">{comparison ? formatBytes(comparison.estimateBytes) : '—'}</td>
            <td className="num">{ratio(comparison?.estimateOverPeak ?? null)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
