/** A labelled `<select>` in a `.field`, an option per value worded by `text`; other props go on the select. */
import type { ComponentProps, ReactNode } from 'react';

type SelectFieldProps<V extends string | number> = Omit<ComponentProps<'select'>, 'value' | 'onChange'> & {
  label: ReactNode;
  value: V;
  options: readonly V[];
  text?: (option: V) => ReactNode;
  onChange: (value: string) => void;
};

/** The whole numbers from `min` to `max`, as a select's options. */
export const rangeOptions = ({ min, max }: { min: number; max: number }): number[] =>
  Array.from({ length: max - min + 1 }, (_, i) => min + i);

export function SelectField<V extends string | number>(props: SelectFieldProps<V>) {
  const { label, options, text = String, onChange, children, ...select } = props;
  return (
    <div className="field">
      <label htmlFor={select.id}>{label}</label>
      <select {...select} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {text(o)}
          </option>
        ))}
      </select>
      {children}
    </div>
  );
}
