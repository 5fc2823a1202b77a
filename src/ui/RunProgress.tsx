/**
 * One line under Start/Stop with where the run is: step, loss and samples/s of the latest telemetry row
 * (the store's low-rate copy). On a phone it rides with the sticky run controls, so a person changing
 * settings far down the page still sees the run move.
 */
import { useAppStore } from '../state/store';

export function RunProgress() {
  const latest = useAppStore((s) => s.latest);
  const status = useAppStore((s) => s.status);
  if (!latest || (status !== 'running' && status !== 'stopped')) return null;
  return (
    <p className="run-progress" data-testid="run-progress">
      Step {latest.step} · loss {latest.loss.toFixed(4)} · {latest.samplesPerSec.toFixed(1)} samples/s
    </p>
  );
}
