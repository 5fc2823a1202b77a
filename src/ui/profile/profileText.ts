/**
 * A step profile's sentences in the page's words: where the time goes (config/bottleneck.ts's facts) and how
 * the times were taken (the profile's timing kind and steps). The engine writes the same sentences in
 * English for the trace and the bench; the English dictionary says them identically. Pure.
 */
import { bottleneckFacts } from '../../config/bottleneck';
import type { StepProfile } from '../../config/stepProfile';
import { fill } from '../../i18n/fill';
import type { Dictionary } from '../../i18n/types';

const percent = (share: number): string => `${Math.round(share * 100)}%`;
/** As the engine rounds: whole ms from 100 ms, else one decimal. */
const roundMs = (ms: number): number => (ms >= 100 ? Math.round(ms) : Math.round(ms * 10) / 10);

export function bottleneckText(t: Dictionary, profile: Pick<StepProfile, 'kernelRows' | 'phases'>): string {
  const w = t.profile;
  const facts = bottleneckFacts(profile.kernelRows, profile.phases);
  if (facts.kind === 'family') {
    return fill(w.bottleneck.family, {
      share: percent(facts.share),
      family: w.families[facts.family],
      names: facts.names.join(', '),
    });
  }
  if (facts.kind === 'none') return w.bottleneck.none;
  return fill(w.bottleneck.phase, { phase: w.phases[facts.phase], share: percent(facts.share) });
}

/** What to try next after the verdict, where one follows from it; null where none does. */
export function nextStepText(
  t: Dictionary,
  profile: Pick<StepProfile, 'kernelRows' | 'phases'>,
): string | null {
  const w = t.profile.nextStep;
  const facts = bottleneckFacts(profile.kernelRows, profile.phases);
  if (facts.kind === 'family') return (w.families as Partial<Record<string, string>>)[facts.family] ?? null;
  if (facts.kind === 'phase') return (w.phases as Partial<Record<string, string>>)[facts.phase] ?? null;
  return null;
}

export function timingNoteText(t: Dictionary, profile: StepProfile): string {
  const w = t.profile.timing;
  const steps = { timed: profile.timingStep, memory: profile.memoryStep };
  const slower = fill(w.slower, {
    ...steps,
    profiledMs: roundMs(profile.profiledStepMs),
    normalMs: roundMs(profile.normalStepMs),
  });
  switch (profile.timing) {
    case 'gpu-timestamps':
      return fill(w.gpu, { ...steps, slower });
    case 'cpu-wall-clock':
      return fill(w.cpu, { ...steps, slower });
    case 'none':
      return fill(w.none, steps);
  }
}
