/**
 * The experiment's settings, rendered from config/fieldTable.ts: a labelled control and a one-line
 * explanation each. `lesson`: the settings the lessons are about (config/views.ts), in one compact list for
 * the Playground's first screen, each explanation cut to a line with the whole of it on hover; otherwise
 * every other setting, grouped in fieldsets. Reads the config from the store and calls setConfig; disabled
 * while training.
 */
import { useId } from 'react';
import {
  CONFIG_KEYS,
  FIELD_TABLE,
  maxLoaderWorkers,
  type FieldControl,
  type FieldGroup,
} from '../config/fieldTable';
import type { TrainConfig } from '../config/trainConfig';
import { URL_KEYS } from '../config/urlCodec';
import { LESSON_SETTINGS } from '../config/views';
import { selectConfig, selectIsRunning, useAppStore } from '../state/store';
import { FieldInput } from './fields/FieldInput';
import { fieldHelp, fieldOption } from './fields/fieldText';
import { useText } from './i18n/useText';

const GROUPS: readonly FieldGroup[] = ['data', 'training', 'model', 'loader'];

/** The form offers one loader worker per core the browser reports (a link may ask for more). */
const WORKERS_MAX = maxLoaderWorkers(
  typeof navigator === 'undefined' ? undefined : navigator.hardwareConcurrency,
);

/** The control of `key` as this page offers it. */
export function formControl(key: keyof TrainConfig): FieldControl | null {
  const control = FIELD_TABLE[key].control;
  return key === 'workers' && control?.kind === 'number' ? { ...control, max: WORKERS_MAX } : control;
}

function isDisabled(key: keyof TrainConfig, config: TrainConfig): boolean {
  return key === 'uploadPath' && config.imageDtype !== 'uint8';
}

function Field({ name, control }: { name: keyof TrainConfig; control: FieldControl }) {
  const id = useId();
  const config = useAppStore(selectConfig);
  const running = useAppStore(selectIsRunning);
  const setConfig = useAppStore((s) => s.setConfig);
  const t = useText();
  const helpId = `${id}-help`;
  return (
    <div className="field" data-field={name}>
      <label htmlFor={id}>{t.fields.settings[name].label}</label>
      <FieldInput
        id={id}
        control={control}
        value={config[name]}
        disabled={running || isDisabled(name, config)}
        describedBy={helpId}
        optionText={(o) => fieldOption(t, name, o)}
        onChange={(v) => setConfig({ [name]: v } as Partial<TrainConfig>)}
      />
      <p id={helpId} className="help" title={fieldHelp(t, name)}>
        {fieldHelp(t, name)}
      </p>
    </div>
  );
}

const isLessonSetting = (key: keyof TrainConfig) => (LESSON_SETTINGS as readonly string[]).includes(key);

export function ConfigPanel({ lesson }: { lesson: boolean }) {
  const hidden = useAppStore((s) => s.hiddenControls);
  const t = useText().fields;
  const shown = (key: keyof TrainConfig) =>
    !hidden.includes(URL_KEYS[key]) && isLessonSetting(key) === lesson;
  const fields = (keys: readonly (keyof TrainConfig)[]) =>
    keys.map((key) => {
      const control = formControl(key);
      return control && shown(key) ? <Field key={key} name={key} control={control} /> : null;
    });
  if (lesson) {
    return (
      <section className="panel lesson-settings" aria-labelledby="lesson-settings-title">
        <h2 id="lesson-settings-title">{t.lessonTitle}</h2>
        {fields(LESSON_SETTINGS)}
      </section>
    );
  }
  return (
    <section className="panel config-panel" aria-labelledby="config-title">
      <h2 id="config-title">{t.title}</h2>
      {GROUPS.map((g) => (
        <fieldset key={g}>
          <legend>{t.groups[g]}</legend>
          {fields(CONFIG_KEYS.filter((key) => FIELD_TABLE[key].group === g))}
        </fieldset>
      ))}
    </section>
  );
}
