/**
 * Choosing the sweep: a preset, or a setting and its values ("auto" doubles until the pre-flight refuses).
 * The values go through the same decoder as the link (config/sweep.ts), so what was clamped or dropped is
 * said here in the same words; the chosen sweep goes to the app store, and so into the link (`sw=`).
 */
import { useId, useState } from 'react';
import { FIELD_TABLE } from '../../config/fieldTable';
import {
  decodeSweep,
  encodeSweep,
  SWEEP_PRESETS,
  SWEEP_SETTINGS,
  sweepSettingLabel,
  type SweepSetting,
} from '../../config/sweep';
import { useAppStore } from '../../state/store';
import { sweepDecodeProblems, SWEEP_TEXT } from './sweepText';

const valuesText = (encoded: string): string => encoded.slice(encoded.indexOf(':') + 1);

export function SweepPicker({ disabled }: { disabled: boolean }) {
  const sweep = useAppStore((s) => s.sweep);
  const [setting, setSetting] = useState<SweepSetting>(sweep?.setting ?? 'batchSize');
  const [text, setText] = useState(sweep ? valuesText(encodeSweep(sweep)) : '1,2,4,8');
  const [problems, setProblems] = useState<string[]>([]);
  const settingId = useId();
  const valuesId = useId();
  const helpId = useId();

  const apply = () => {
    const decoded = decodeSweep(`${FIELD_TABLE[setting].linkKey}:${text.replace(/\s+/g, '')}`);
    setProblems(decoded.problems);
    if (decoded.spec) {
      useAppStore.getState().setSweep(decoded.spec);
      setText(valuesText(encodeSweep(decoded.spec)));
    }
  };
  const applyPreset = (id: string) => {
    const preset = SWEEP_PRESETS.find((p) => p.id === id);
    if (!preset) return;
    useAppStore.getState().setConfig(preset.config);
    useAppStore.getState().setSweep(preset.spec);
    setSetting(preset.spec.setting);
    setText(valuesText(encodeSweep(preset.spec)));
    setProblems([]);
  };

  return (
    <div className="sweep-picker" data-testid="sweep-picker">
      <div className="sweep-presets" role="group" aria-label={SWEEP_TEXT.presets}>
        {SWEEP_PRESETS.map((p) => (
          <button
            key={p.id}
            type="button"
            onClick={() => applyPreset(p.id)}
            disabled={disabled}
            title={p.description}
            data-testid={`sweep-preset-${p.id}`}
          >
            {p.label}
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
        <label htmlFor={settingId}>{SWEEP_TEXT.setting}</label>
        <select
          id={settingId}
          value={setting}
          disabled={disabled}
          onChange={(e) => setSetting(e.target.value as SweepSetting)}
          data-testid="sweep-setting"
        >
          {SWEEP_SETTINGS.map((s) => (
            <option key={s} value={s}>
              {sweepSettingLabel(s)}
            </option>
          ))}
        </select>
        <label htmlFor={valuesId}>{SWEEP_TEXT.values}</label>
        <input
          id={valuesId}
          type="text"
          value={text}
          disabled={disabled}
          maxLength={200}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={helpId}
          data-testid="sweep-values"
        />
        <button type="submit" disabled={disabled} data-testid="sweep-apply">
          {SWEEP_TEXT.apply}
        </button>
      </form>
      <p id={helpId} className="help">
        {SWEEP_TEXT.valuesHelp}
      </p>
      {problems.length > 0 && (
        <p className="help" role="status" data-testid="sweep-problems">
          {sweepDecodeProblems(problems)}
        </p>
      )}
    </div>
  );
}
