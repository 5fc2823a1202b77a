/**
 * One line under Start/Stop with where the run is: step, loss and samples/s of the latest telemetry row
 * (the store's low-rate copy). On a phone it rides with the sticky run controls, so a person changing
 * settings far down the page still sees the run move.
 */
import { useAppStore } from '../state/store';
import { fill } from '../i18n/fill';
import { formatNumber } from './format';
import { useLocale, useText } from './i18n/useText';

export function RunProgress() {
  const latest = useAppStore((s) => s.latest);
  const status = useAppStore((s) => s.status);
  const t = useText();
  const locale = useLocale();
  if (!latest || (status !== 'running' && status !== 'stopped')) return null;
  return (
    <p className="run-progress" data-testid="run-progress">
      {fill(t.app.run.progress, {
        step: latest.step,
        loss: latest.loss.toFixed(4),
        samplesPerSec: formatNumber(latest.samplesPerSec, locale, 1),
      })}
    </p>
  );
}
