/** One of B's override controls: the setting's own control plus "same as A", writing the app store's `compareOverrides`. */
import { useId } from 'react';
import { FIELD_TABLE } from '../../config/fieldTable';
import type { TrainConfig } from '../../config/trainConfig';
import { URL_KEYS } from '../../config/urlCodec';
import { useAppStore } from '../../state/store';
import { formControl } from '../ConfigPanel';
import { FieldInput } from '../fields/FieldInput';

/** Sets (or, with undefined, removes) B's override of `field`; the value comes from a control bound to its allowed values. */
function setOverride(field: keyof TrainConfig, value: unknown): void {
  const { config, compareOverrides, setCompareOverrides } = useAppStore.getState();
  const next: Record<string, unknown> = { ...(compareOverrides ?? {}) };
  // An override equal to A's value is no override.
  if (value === undefined || JSON.stringify(value) === JSON.stringify(config[field])) delete next[field];
  else next[field] = value;
  setCompareOverrides(next as Partial<TrainConfig>);
}

export function OverrideField({ field, disabled }: { field: keyof TrainConfig; disabled: boolean }) {
  const id = useId();
  const aValue = useAppStore((s) => s.config[field]);
  const override = useAppStore((s) => s.compareOverrides?.[field]);
  const control = formControl(field);
  if (!control || control.kind === 'checkbox') return null;
  return (
    <div className="field">
      <label htmlFor={id}>{FIELD_TABLE[field].label}</label>
      <FieldInput
        id={id}
        control={control}
        value={override}
        unset={control.kind === 'select' ? `same as A (${String(aValue)})` : `A: ${String(aValue)}`}
        disabled={disabled}
        onChange={(v) => setOverride(field, v)}
        testId={`compare-b-${URL_KEYS[field]}`}
      />
    </div>
  );
}
