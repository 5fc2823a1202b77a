/** Every setting where B differs from A, marking those that follow from B's overrides rather than set by them. */
import { CONFIG_KEYS, FIELD_TABLE } from '../../config/fieldTable';
import type { TrainConfig } from '../../config/trainConfig';
import { URL_KEYS } from '../../config/urlCodec';

export function Differences({
  a,
  b,
  overrides,
}: {
  a: TrainConfig;
  b: TrainConfig;
  overrides: Partial<TrainConfig>;
}) {
  const diffs = CONFIG_KEYS.filter((f) => JSON.stringify(a[f]) !== JSON.stringify(b[f]));
  if (diffs.length === 0) {
    return (
      <p className="help" data-testid="compare-differences">
        B equals A: choose at least one setting for B.
      </p>
    );
  }
  return (
    <ul className="compare-differences" data-testid="compare-differences">
      {diffs.map((f) => (
        <li key={f} data-key={URL_KEYS[f]}>
          <code>{FIELD_TABLE[f].label}</code>: {String(a[f])} → {String(b[f])}
          {overrides[f] === undefined ? ' (follows from B’s other settings)' : ''}
        </li>
      ))}
    </ul>
  );
}
