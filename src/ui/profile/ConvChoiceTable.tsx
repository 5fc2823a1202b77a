/**
 * The conv kernels the engine chose by measurement for the profiled model: per direction, every candidate
 * that fits the device, the chosen one marked with how it stands (the only candidate, fastest in every run,
 * or runs that overlapped: beside the name, where a narrow screen still shows it), then its median ms, its
 * fastest and slowest run and its timed runs; below, what the choice cost (the measurement, or the cache look-up and the measurement it reuses)
 * beside the first step.
 * Nothing off webgpu, where tfjs's kernels run without a measurement.
 */
import { CONV_DIRECTIONS, convChoiceVerdict, type ConvChoiceReport } from '../../config/convKernels';
import { fill } from '../../i18n/fill';
import { formatMs } from '../format';
import { useLocale, useText } from '../i18n/useText';
import { ColumnHeads } from '../ColumnHeads';

export function ConvChoiceTable({ choice }: { choice: ConvChoiceReport | null }) {
  const w = useText().profile.convChoice;
  const locale = useLocale();
  if (!choice) return null;
  const figures = {
    tuningMs: formatMs(choice.tuningMs, locale),
    measuredTuningMs: formatMs(choice.measuredTuningMs, locale),
    firstStepMs: choice.firstStepMs === null ? w.firstStepPending : formatMs(choice.firstStepMs, locale),
    probeBatch: choice.probeBatch,
    probeConvs: choice.probeConvs,
  };
  return (
    <div className="table-scroll" data-testid="profile-conv-choice" data-source={choice.source}>
      <table className="conv-choice-table">
        <caption>{w.caption}</caption>
        <ColumnHeads heads={[w.direction, w.candidate, w.chosen, w.ms, w.spread, w.runs]} />
        <tbody>
          {CONV_DIRECTIONS.flatMap((d) =>
            choice.candidates
              .filter((c) => c.direction === d)
              .map((c, i) => {
                const chosen = choice.kernels[d] === c.candidate;
                const verdict = chosen ? convChoiceVerdict(choice, d) : null;
                return (
                  <tr
                    key={`${d}/${c.candidate}`}
                    data-direction={d}
                    data-candidate={c.candidate}
                    data-ms={c.ms}
                    data-min-ms={c.minMs}
                    data-max-ms={c.maxMs}
                    data-chosen={chosen}
                    data-verdict={verdict ?? undefined}
                  >
                    <th scope="row">{i === 0 ? w.directions[d] : ''}</th>
                    <td>{w.candidates[c.candidate]}</td>
                    <td>{verdict ? w.verdicts[verdict] : ''}</td>
                    <td className="num">{formatMs(c.ms, locale)}</td>
                    <td className="num">
                      {formatMs(c.minMs, locale)} – {formatMs(c.maxMs, locale)}
                    </td>
                    <td className="num">{c.runs}</td>
                  </tr>
                );
              }),
          )}
        </tbody>
      </table>
      <p className="help" data-testid="profile-conv-choice-cost" data-tuning-ms={choice.tuningMs}>
        {fill(w[choice.source], figures)}
      </p>
    </div>
  );
}
