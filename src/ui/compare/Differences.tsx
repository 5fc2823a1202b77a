/** Every setting where B differs from A, marking those that follow from B's overrides rather than set by them. */
import { CONFIG_KEYS } from '../../config/fieldTable';
import type { TrainConfig } from '../../config/trainConfig';
import { useText } from '../i18n/useText';

export function Differences({
  a,
  b,
  overrides,
}: {
  a: TrainConfig;
  b: TrainConfig;
  overrides: Partial<TrainConfig>;
}) {
  const t = useText();
  const diffs = CONFIG_KEYS.filter((f) => JSON.stringify(a[f]) !== JSON.stringify(b[f]));
  if (diffs.length === 0) {
    return (
      <p className="help" data-testid="compare-differences">
        {t.compare.equal}
      </p>
    );
  }
  return (
    <ul className="compare-differences" data-testid="compare-differences">
      {diffs.map((f) => (
        <li key={f}>
          <code>{t.fields.settings[f].label}</code>: {String(a[f])} → {String(b[f])}
          {overrides[f] === undefined ? t.compare.follows : ''}
        </li>
      ))}
    </ul>
  );
}
