/**
 * Choosing the sweep: a preset, or a setting and its values ("auto" doubles until the pre-flight refuses).
 * The values go through the same decoder as the link (config/sweep.ts), so what was clamped or dropped is
 * said here in the same words; the chosen sweep goes to the app store, and so into the link (`sw=`), as
 * soon as what is typed reads as one. Before any is chosen the form shows DEFAULT_SWEEP, which Run runs.
 */
import { useId, useState } from 'react';
import { FIELD_TABLE } from '../../config/fieldTable';
import {
  decodeSweep,
  DEFAULT_SWEEP,
  encodeSweep,
  SWEEP_PRESETS,
  SWEEP_SETTINGS,
  type SweepSetting,
} from '../../config/sweep';
import { useAppStore } from '../../state/store';
import { sweepDecodeProblems, sweepPresetWords, sweepSettingLabel } from './sweepText';
import type { ProblemPart } from '../../config/problems';
import { useText } from '../i18n/useText';

const valuesText = (encoded: string): string => encoded.slice(encoded.indexOf(':') + 1);

export function SweepPicker({ disabled }: { disabled: boolean }) {
  const w = useText().sweeps;
  const sweep = useAppStore((s) => s.sweep);
  const [setting, setSetting] = useState<SweepSetting>((sweep ?? DEFAULT_SWEEP).setting);
  const [text, setText] = useState(valuesText(encodeSweep(sweep ?? DEFAULT_SWEEP)));
  const [problems, setProblems] = useState<(readonly ProblemPart[])[]>([]);
  const id = useId();

  const decode = (s: SweepSetting, t: string) =>
    decodeSweep(`${FIELD_TABLE[s].linkKey}:${t.replace(/\s+/g, '')}`);
  /** Every edit that reads as a sweep becomes the sweep at once, so Run runs what the form shows. */
  const edit = (s: SweepSetting, t: string) => {
    setSetting(s);
    setText(t);
    const decoded = decode(s, t);
    if (decoded.spec) useAppStore.getState().setSweep(decoded.spec);
  };
  /** "Use these values" (or Enter): the text as read, with what was changed said. */
  const apply = () => {
    const decoded = decode(setting, text);
    setProblems(decoded.problems);
    if (decoded.spec) {
      useAppStore.getState().setSweep(decoded.spec);
      setText(valuesText(encodeSweep(decoded.spec)));
    }
  };
  const applyPreset = (preset: (typeof SWEEP_PRESETS)[number]) => {
    useAppStore.getState().setConfig(preset.config);
    useAppStore.getState().setSweep(preset.spec);
    setSetting(preset.spec.setting);
    setText(valuesText(encodeSweep(preset.spec)));
    setProblems([]);
  };

  return (
    <div className="sweep-picker" data-testid="sweep-picker">
      <div className="sweep-presets" role="group" aria-label={w.presets}>
        {SWEEP_PRESETS.map((p) => (
          <button
            key={p.id}
            type="button"
            onClick={() => applyPreset(p)}
            disabled={disabled}
            title={sweepPresetWords(p.id)?.description}
            data-testid={`sweep-preset-${p.id}`}
          >
            {sweepPresetWords(p.id)?.label}
          </button>
        ))}
      </div>
      <form
        className="sweep-form"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <label htmlFor={`${id}-setting`}>{w.setting}</label>
        <select
          id={`${id}-setting`}
          value={setting}
          disabled={disabled}
          onChange={(e) => edit(e.target.value as SweepSetting, text)}
          data-testid="sweep-setting"
        >
          {SWEEP_SETTINGS.map((s) => (
            <option key={s} value={s}>
              {sweepSettingLabel(s)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-values`}>{w.values}</label>
        <input
          id={`${id}-values`}
          type="text"
          value={text}
          disabled={disabled}
          maxLength={200}
          onChange={(e) => edit(setting, e.target.value)}
          aria-describedby={`${id}-help`}
          data-testid="sweep-values"
        />
        <button type="submit" disabled={disabled} data-testid="sweep-apply">
          {w.apply}
        </button>
      </form>
      <p id={`${id}-help`} className="help">
        {w.valuesHelp}
      </p>
      {problems.length > 0 && (
        <p className="help" role="status" data-testid="sweep-problems">
          {sweepDecodeProblems(problems)}
        </p>
      )}
    </div>
  );
}
