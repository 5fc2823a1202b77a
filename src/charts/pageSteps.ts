/**
 * Where a step sits on the charts' x axis: the page step, i.e. the steps trained on this page since it
 * opened or since Reset, counted across runs. The Training tile shows the same number.
 *
 * A Start either continues the trained model (its steps go on: 4, 5, …) or builds a new one (its steps
 * restart at 1); either way the page's steps go on from where the last run stopped. So a row of model
 * step s in a run that began at model step `fromStep` after `pageOffset` page steps sits at
 * x = pageOffset + (s − fromStep): one x per trained step, whatever the model's own count.
 * A run's marker (a Start after the first) sits half a step after the previous run's last step, and so
 * does the new model's step-0 evaluation (before any training), so it never shares an x with the previous
 * run's last evaluation. Pure.
 */

export interface RunPlacement {
  /** Page steps trained before the run began. */
  pageOffset: number;
  /** The model's step count when the run began (0 for a new model). */
  fromStep: number;
  /** The first run since the page's history was cleared: drawn without a marker. */
  first: boolean;
}

/** Before any Start is known: steps count from 0. */
export const INITIAL_RUN: RunPlacement = Object.freeze({ pageOffset: 0, fromStep: 0, first: true });

export const rowPageStep = (run: RunPlacement, step: number): number => run.pageOffset + step - run.fromStep;

/** x of the run's marker: between the previous run's last step and its own first one. */
export const runMarkerX = (run: RunPlacement): number => run.pageOffset + 0.5;

/** An evaluation after `step` model steps; one taken before the run trained sits at the run's start. */
export function evalPageStep(run: RunPlacement, step: number): number {
  if (step > run.fromStep) return rowPageStep(run, step);
  return run.first ? run.pageOffset : runMarkerX(run);
}

/** The whole page step at or before x: what the charts' legend and the Training tile show. */
export const pageStepAt = (x: number): number => Math.floor(x + 1e-9);
