/** The comparison's status line: which side trains, its step and the paired rounds so far, or how it ended. */
import { useCompareStore } from '../../state/compareStore';
import { fill } from '../../i18n/fill';
import { useLocale, useText } from '../i18n/useText';
import { jobMessageText } from '../jobs/jobMessageText';
import { useJob } from '../jobs/useJob';

export function CompareProgress() {
  const { phase, message } = useJob('compare');
  const side = useCompareStore((s) => s.activeSide);
  const a = useCompareStore((s) => s.a);
  const b = useCompareStore((s) => s.b);
  const paired = useCompareStore((s) => s.paired);
  const current = side === 'a' ? a : side === 'b' ? b : null;
  const t = useText();
  const locale = useLocale();
  const w = t.compare.progress;
  let text: string;
  if (phase === 'running' && side && current) {
    const done = current.rows.at(-1)?.step ?? 0;
    text =
      done === 0
        ? fill(w.starting, { side: side.toUpperCase() })
        : fill(w.step, {
            side: side.toUpperCase(),
            step: done,
            timing: fill(w.rounds, { rounds: paired?.rounds ?? 0 }),
          });
  } else if (phase === 'done') {
    const timed = (s: typeof a) => s?.timedSteps?.length ?? 0;
    text = fill(w.done, { a: timed(a), b: timed(b), rounds: paired?.rounds ?? 0 });
  } else if (phase === 'idle') {
    text = w.notRun;
  } else {
    text = phase === 'stopped' ? w.stopped : w.failed;
  }
  // A stop says no more than its phase; a failure or a refused start adds its reason.
  const detail = message && message.code !== 'stopped' ? jobMessageText(t, locale, message) : '';
  return (
    <p
      className={`status compare-status-${phase}`}
      role="status"
      data-testid="compare-status"
      data-phase={phase}
    >
      {text}
      {detail ? ` ${detail}` : ''}
    </p>
  );
}
