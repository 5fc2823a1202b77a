/**
 * The one input for a config setting, drawn from its control in config/fieldTable.ts: a select, a number
 * box (typed values clamped and snapped by numberInputValue) or a checkbox. The experiment form uses it for
 * A's settings; the comparison uses it for B's overrides, where `unset` adds a "same as A" choice (an empty
 * select option, an empty number box) that reports `undefined`.
 */
import type { FieldControl } from '../../config/fieldTable';
import { numberInputValue } from './numberInput';

interface FieldInputProps {
  id: string;
  control: FieldControl;
  /** The setting's value; undefined only when `unset` is given (B follows A). */
  value: unknown;
  onChange(value: unknown): void;
  disabled: boolean;
  /** Offer "unset" with this text (e.g. "same as A (32)"); undefined values then show it. */
  unset?: string;
  describedBy?: string;
  testId?: string;
  /** A select value's words (the page's language); the value itself when not given. */
  optionText?: (value: string | number) => string;
}

export function FieldInput({
  id,
  control,
  value,
  onChange,
  disabled,
  unset,
  describedBy,
  testId,
  optionText = String,
}: FieldInputProps) {
  const common = {
    id,
    disabled,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(testId ? { 'data-testid': testId } : {}),
  };
  if (control.kind === 'checkbox') {
    return (
      <input
        {...common}
        type="checkbox"
        checked={Boolean(value)}
        onChange={(e) => onChange(e.target.checked)}
      />
    );
  }
  if (control.kind === 'select') {
    const numeric = typeof control.options[0] === 'number';
    return (
      <select
        {...common}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => {
          const raw = e.target.value;
          onChange(raw === '' ? undefined : numeric ? Number(raw) : raw);
        }}
      >
        {unset !== undefined && <option value="">{unset}</option>}
        {control.options.map((o) => (
          <option key={String(o)} value={String(o)}>
            {optionText(o)}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      {...common}
      type="number"
      min={control.min}
      max={control.max}
      step={control.step}
      value={value === undefined ? '' : Number(value)}
      {...(unset !== undefined ? { placeholder: unset } : {})}
      onChange={(e) => {
        if (unset !== undefined && e.target.value === '') {
          onChange(undefined);
          return;
        }
        const n = numberInputValue(e.target.valueAsNumber, control);
        if (n !== null) onChange(n);
      }}
    />
  );
}
