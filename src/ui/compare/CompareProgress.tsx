/** The comparison's status line: which side trains, its step, or how it ended. */
import { useCompareStore } from '../../state/compareStore';
import { fill } from '../../i18n/fill';
import { useText } from '../i18n/useText';

export function CompareProgress() {
  const phase = useCompareStore((s) => s.phase);
  const side = useCompareStore((s) => s.activeSide);
  const a = useCompareStore((s) => s.a);
  const b = useCompareStore((s) => s.b);
  const message = useCompareStore((s) => s.message);
  const current = side === 'a' ? a : side === 'b' ? b : null;
  const w = useText().compare.progress;
  let text: string;
  if (phase === 'running' && side && current) {
    const done = current.rows.at(-1)?.step ?? 0;
    const v = current.verdict;
    text =
      done === 0
        ? fill(w.starting, { side: side.toUpperCase() })
        : fill(w.step, {
            side: side.toUpperCase(),
            step: done,
            timing:
              v && v.timedSteps > 0
                ? fill(w.timed, { count: v.timedSteps, first: v.firstTimedStep })
                : fill(w.timingStarts, { first: v?.firstTimedStep ?? 2 }),
          });
  } else if (phase === 'done') {
    const timed = (s: typeof a) => s?.verdict?.timedSteps ?? 0;
    text = fill(w.done, { a: timed(a), b: timed(b) });
  } else if (phase === 'idle') {
    text = w.notRun;
  } else {
    text = phase === 'stopped' ? w.stopped : w.failed;
  }
  return (
    <p
      className={`status compare-status-${phase}`}
      role="status"
      data-testid="compare-status"
      data-phase={phase}
    >
      {text}
      {message ? ` ${message}` : ''}
    </p>
  );
}
