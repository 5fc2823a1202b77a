/**
 * What a typed number becomes in the config: clamped to the control's range and, for whole-number steps,
 * snapped to min + k·step (a typed 1.5 workers must not reach the config: the schema would reject it and a
 * shared link would decode to something else). null for anything that is not a finite number. Pure.
 */
export function numberInputValue(
  typed: number,
  control: { min: number; max: number; step: number },
): number | null {
  if (!Number.isFinite(typed)) return null;
  const clamped = Math.min(control.max, Math.max(control.min, typed));
  if (control.step < 1) return clamped;
  const snapped = control.min + Math.round((clamped - control.min) / control.step) * control.step;
  return snapped > control.max ? snapped - control.step : snapped;
}
