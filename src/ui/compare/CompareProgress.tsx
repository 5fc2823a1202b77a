/** The comparison's status line: which side trains, its step, or how it ended. */
import { useCompareStore } from '../../state/compareStore';

export function CompareProgress() {
  const phase = useCompareStore((s) => s.phase);
  const side = useCompareStore((s) => s.activeSide);
  const a = useCompareStore((s) => s.a);
  const b = useCompareStore((s) => s.b);
  const message = useCompareStore((s) => s.message);
  const current = side === 'a' ? a : side === 'b' ? b : null;
  let text: string;
  if (phase === 'running' && side && current) {
    const done = current.rows.at(-1)?.step ?? 0;
    const v = current.verdict;
    text =
      done === 0
        ? `Training ${side.toUpperCase()} in its own worker: starting (the first step compiles GPU pipelines)…`
        : `Training ${side.toUpperCase()} in its own worker: step ${done}, ` +
          (v && v.timedSteps > 0
            ? `${v.timedSteps} timed from step ${v.firstTimedStep}…`
            : `timing starts at step ${v?.firstTimedStep ?? 2}…`);
  } else if (phase === 'done') {
    const timed = (s: typeof a) => s?.verdict?.timedSteps ?? 0;
    text = `Done: ${timed(a)} timed steps for A, ${timed(b)} for B, each until its throughput was stable.`;
  } else if (phase === 'idle') {
    text = 'Not run yet.';
  } else {
    text = phase === 'stopped' ? 'Stopped.' : 'The comparison failed.';
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
