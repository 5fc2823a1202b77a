/**
 * The experiment's settings, rendered from CONFIG_FIELDS: a labelled control and a one-line
 * explanation each. Reads the config from the store and calls setConfig; disabled while training.
 */
import { useId } from 'react';
import type { TrainConfig } from '../config/trainConfig';
import { URL_KEYS } from '../config/urlCodec';
import { selectConfig, selectIsRunning, useAppStore } from '../state/store';
import { CONFIG_FIELDS, numberInputValue, type FieldSpec } from './configFields';

const GROUPS: { id: FieldSpec['group']; title: string }[] = [
  { id: 'data', title: 'Data path' },
  { id: 'training', title: 'Training' },
  { id: 'model', title: 'Model' },
  { id: 'loader', title: 'Loader' },
];

function isDisabled(field: FieldSpec, config: TrainConfig): boolean {
  return field.key === 'uploadPath' && config.imageDtype !== 'uint8';
}

function Field({ field }: { field: FieldSpec }) {
  const id = useId();
  const config = useAppStore(selectConfig);
  const running = useAppStore(selectIsRunning);
  const setConfig = useAppStore((s) => s.setConfig);
  const value = config[field.key];
  const disabled = running || isDisabled(field, config);
  const helpId = `${id}-help`;
  const set = (v: unknown) => setConfig({ [field.key]: v } as Partial<TrainConfig>);
  const control = field.control;
  let input;
  if (control.kind === 'checkbox') {
    input = (
      <input
        id={id}
        type="checkbox"
        checked={Boolean(value)}
        disabled={disabled}
        aria-describedby={helpId}
        onChange={(e) => set(e.target.checked)}
      />
    );
  } else if (control.kind === 'select') {
    input = (
      <select
        id={id}
        value={String(value)}
        disabled={disabled}
        aria-describedby={helpId}
        onChange={(e) =>
          set(typeof control.options[0] === 'number' ? Number(e.target.value) : e.target.value)
        }
      >
        {control.options.map((o) => (
          <option key={String(o)} value={String(o)}>
            {String(o)}
          </option>
        ))}
      </select>
    );
  } else {
    input = (
      <input
        id={id}
        type="number"
        min={control.min}
        max={control.max}
        step={control.step}
        value={Number(value)}
        disabled={disabled}
        aria-describedby={helpId}
        onChange={(e) => {
          const n = numberInputValue(e.target.valueAsNumber, control);
          if (n !== null) set(n);
        }}
      />
    );
  }
  return (
    <div className="field" data-field={field.key}>
      <label htmlFor={id}>{field.label}</label>
      {input}
      <p id={helpId} className="help">
        {field.help}
      </p>
    </div>
  );
}

export function ConfigPanel() {
  const hidden = useAppStore((s) => s.hiddenControls);
  const visible = (f: FieldSpec) => !hidden.includes(URL_KEYS[f.key]);
  return (
    <section className="panel config-panel" aria-labelledby="config-title">
      <h2 id="config-title">Experiment</h2>
      {GROUPS.map((g) => (
        <fieldset key={g.id}>
          <legend>{g.title}</legend>
          {CONFIG_FIELDS.filter((f) => f.group === g.id && visible(f)).map((f) => (
            <Field key={f.key} field={f} />
          ))}
        </fieldset>
      ))}
    </section>
  );
}
