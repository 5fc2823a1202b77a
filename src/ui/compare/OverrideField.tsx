/** One of B's override controls: the setting's own control plus "same as A", writing the app store's `compareOverrides`. */
import { useId } from 'react';
import type { TrainConfig } from '../../config/trainConfig';
import { URL_KEYS } from '../../config/urlCodec';
import { useAppStore } from '../../state/store';
import { formControl } from '../ConfigPanel';
import { FieldInput } from '../fields/FieldInput';
import { fieldOption } from '../fields/fieldText';
import { fill } from '../../i18n/fill';
import { useText } from '../i18n/useText';

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
  const t = useText();
  if (!control || control.kind === 'checkbox') return null;
  return (
    <div className="field">
      <label htmlFor={id}>{t.fields.settings[field].label}</label>
      <FieldInput
        id={id}
        control={control}
        value={override}
        unset={fill(control.kind === 'select' ? t.compare.sameAsA : t.compare.aValue, {
          value: fieldOption(t, field, aValue),
        })}
        optionText={(o) => fieldOption(t, field, o)}
        disabled={disabled}
        onChange={(v) => setOverride(field, v)}
        testId={`compare-b-${URL_KEYS[field]}`}
      />
    </div>
  );
}
