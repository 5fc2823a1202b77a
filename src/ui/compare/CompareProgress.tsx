/** The comparison's status line: which side trains, its step, or how it ended. */
import { useCompareStore } from '../../state/compareStore';

export function CompareProgress() {
  const phase = useCompareStore((s) => s.phase);
  const side = useCompareStore((s) => s.activeSide);
  const steps = useCompareStore((s) => s.stepsPerSide);
  const a = useCompareStore((s) => s.a);
  const b = useCompareStore((s) => s.b);
  const message = useCompareStore((s) => s.message);
  const current = side === 'a' ? a : side === 'b' ? b : null;
  let text: string;
  if (phase === 'running' && side && current) {
    const done = current.stepsDone;
    text =
      done === 0
        ? `Training ${side.toUpperCase()} in its own worker: starting (the first step compiles GPU pipelines)…`
        : `Training ${side.toUpperCase()} in its own worker: step ${done} of ${current.config.maxSteps}…`;
  } else if (phase === 'done') {
    text = `Done: ${steps} step${steps === 1 ? '' : 's'} per side.`;
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
