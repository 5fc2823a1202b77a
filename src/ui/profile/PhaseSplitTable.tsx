/**
 * The profiled step's phases (data wait, upload, forward, backward, optimizer, readback) with their
 * wall-clock ms and share of that step. The step is the profiled one, whose kernels ran one after another,
 * and the caption says so: these are not the times of the step as it normally runs.
 */
import type { StepProfile } from '../../config/stepProfile';
import { phaseShares } from '../../charts/profileColumns';
import { fill } from '../../i18n/fill';
import { formatMs } from '../format';
import { useLocale, useText } from '../i18n/useText';
import { ColumnHeads } from '../ColumnHeads';
import { percent } from '../lessons/lessonFormat';

export function PhaseSplitTable({ profile }: { profile: StepProfile }) {
  const t = useText().profile;
  const w = t.phaseSplit;
  const locale = useLocale();
  const rows = phaseShares(profile.phases, profile.profiledStepMs);
  return (
    <div className="table-scroll">
      <table data-testid="profile-phases">
        <caption>
          {fill(w.caption, { step: profile.timingStep, ms: formatMs(profile.profiledStepMs, locale) })}
        </caption>
        <ColumnHeads heads={[w.phase, w.ms, w.share]} />
        <tbody>
          {rows.map((r) => (
            <tr key={r.phase} data-phase={r.phase} data-ms={r.ms}>
              <th scope="row">{t.phases[r.phase]}</th>
              <td className="num">{formatMs(r.ms, locale)}</td>
              <td className="num">{r.share === null ? '—' : percent(r.share, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
