/**
 * Colour masks: each colour found in the masks, its swatch and the class it maps to, editable. The swatch is
 * a style colour, not markup; class choices follow the run's class count.
 */
import { OWN_IMAGE_LIMITS } from '../../config/ownImages';
import { fill } from '../../i18n/fill';
import { useText } from '../i18n/useText';
import { useDatasetStore } from '../../state/datasetStore';
import { useAppStore } from '../../state/store';

const hex = (rgb: number) => `#${rgb.toString(16).padStart(6, '0')}`;

export function PaletteEditor({ palette }: { palette: readonly { rgb: number; classId: number }[] }) {
  const numClasses = useAppStore((s) => s.config.numClasses);
  const setPaletteClass = useDatasetStore((s) => s.setPaletteClass);
  const running = useAppStore((s) => s.status === 'running');
  const w = useText().ownImages.panel;
  if (palette.length > OWN_IMAGE_LIMITS.paletteShownMax) {
    return (
      <p className="help" data-testid="dataset-palette">
        {fill(w.paletteTooLong, { colours: palette.length })}
      </p>
    );
  }
  const classes = Array.from(
    { length: Math.max(numClasses, ...palette.map((p) => p.classId + 1)) },
    (_, k) => k,
  );
  return (
    <div className="palette" data-testid="dataset-palette">
      <p className="help">{w.maskMode.colours}</p>
      <ul>
        {palette.map((p) => (
          <li key={p.rgb}>
            <span className="swatch" style={{ background: hex(p.rgb) }} aria-hidden="true" />
            <code>{hex(p.rgb)}</code>{' '}
            <select
              aria-label={fill(w.paletteClass, { hex: hex(p.rgb) })}
              value={p.classId}
              disabled={running}
              onChange={(e) => setPaletteClass(p.rgb, Number(e.target.value))}
            >
              {classes.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
    </div>
  );
}
