/**
 * The conv kernels chosen by measurement, on the software adapter: the profile shows the choice with each
 * candidate's time and what the measurement cost, and training with the measured choice gives the same
 * losses as the own kernels forced (the test build's hook), to 1e-5 over 10 steps.
 */
import { CONV_DIRECTIONS, type ConvChoiceReport } from '../src/config/convKernels';
import { expect, test, type AppPage } from './fixtures';

const STEPS = 10;
const HASH = `#v=1&px=16&b=2&d=2&w=4&lr=0.02&steps=${STEPS}&val=${STEPS}&s=42`;

async function lossesOfARun(app: AppPage): Promise<number[]> {
  await app.page.getByTestId('reset').click();
  await expect.poll(() => app.api((a) => a.status().status)).toBe('idle');
  await app.start();
  await app.waitForSteps(STEPS);
  await expect.poll(() => app.api((a) => a.status().status)).toBe('stopped');
  const history = await app.api((a) => a.history());
  return history.filter((r) => r.step >= 1 && r.step <= STEPS).map((r) => r.loss);
}

test('the profile shows the measured conv choice and its cost; its losses equal the own kernels forced', async ({
  app,
}) => {
  test.setTimeout(600_000);
  await app.page.goto(`/?testHooks=1${HASH}`);
  expect(await app.waitForBackend()).toBe('webgpu');

  const profile = await app.profileStep(400_000);
  const choice = profile.convChoice as ConvChoiceReport;
  // A fresh browser profile: nothing cached, so the choice was measured here, before the first step.
  expect(choice.source).toBe('measured');
  expect(choice.tuningMs).toBeGreaterThan(0);
  expect(choice.firstStepMs).toBeGreaterThan(0);

  const panel = app.page.getByTestId('profile-conv-choice');
  await expect(panel).toHaveAttribute('data-source', 'measured');
  for (const d of CONV_DIRECTIONS) {
    const rows = panel.locator(`tr[data-direction="${d}"]`);
    const shown = await rows.evaluateAll((trs) =>
      trs.map((tr) => ({
        candidate: tr.getAttribute('data-candidate'),
        ms: Number(tr.getAttribute('data-ms')),
        minMs: Number(tr.getAttribute('data-min-ms')),
        maxMs: Number(tr.getAttribute('data-max-ms')),
        chosen: tr.getAttribute('data-chosen') === 'true',
        verdict: tr.getAttribute('data-verdict'),
        text: tr.textContent ?? '',
      })),
    );
    // Every candidate the engine timed, each with its time (the chosen one below). On this software
    // adapter tfjs's kernels and the GPU tiling's forward and input gradient were measured behind and are
    // left out: the software tiling alone there, and two tilings measured against each other for the
    // filter gradient.
    expect(shown.map((r) => r.candidate)).not.toContain('tfjs');
    expect(shown.length).toBe(d === 'filterGradient' ? 2 : 1);
    expect(shown.map((r) => r.candidate)).toEqual(
      choice.candidates.filter((c) => c.direction === d).map((c) => c.candidate),
    );
    for (const r of shown) {
      expect(r.ms).toBeGreaterThan(0);
      expect(r.minMs).toBeLessThanOrEqual(r.ms);
      expect(r.maxMs).toBeGreaterThanOrEqual(r.ms);
    }
    const chosen = shown.filter((r) => r.chosen);
    expect(chosen).toHaveLength(1);
    expect(chosen[0]!.candidate).toBe(choice.kernels[d]);
    // The words beside the mark follow the runs shown: one candidate; or every other's fastest run slower
    // than the chosen one's slowest; or overlapping runs, said as no measurable difference, and whether the
    // default (the software tiling on this adapter) stayed.
    const others = shown.filter((r) => !r.chosen);
    const clear = others.every((r) => r.minMs > chosen[0]!.maxMs);
    const isDefault = chosen[0]!.candidate === 'own-software';
    const verdict =
      others.length === 0 ? 'only' : clear ? 'clear' : isDefault ? 'closeDefault' : 'closeLowest';
    expect(chosen[0]!.verdict).toBe(verdict);
    // The chosen has the lowest median, or is the default with a run as fast as the lowest median.
    const lowest = Math.min(...shown.map((r) => r.ms));
    if (chosen[0]!.ms > lowest) {
      expect(isDefault).toBe(true);
      expect(chosen[0]!.minMs).toBeLessThanOrEqual(lowest);
    }
    const words = {
      only: 'the only candidate here',
      clear: 'fastest in every run',
      closeDefault: 'no difference measurable, so the default stays',
      closeLowest: 'no difference measurable; the lowest median',
    };
    expect(chosen[0]!.text).toContain(words[verdict]);
  }
  const cost = app.page.getByTestId('profile-conv-choice-cost');
  await expect(cost).toHaveAttribute('data-tuning-ms', String(choice.tuningMs));
  await expect(cost).toContainText('Measured before the first step in');

  const measured = await lossesOfARun(app);
  await app.page.evaluate(() => window.batchlabTestHooks?.forceOwnConvKernels());
  const forcedOwn = await lossesOfARun(app);
  expect(measured).toHaveLength(STEPS);
  expect(forcedOwn).toHaveLength(STEPS);
  for (let i = 0; i < STEPS; i++) {
    expect(Math.abs(measured[i]! - forcedOwn[i]!), `step ${i + 1}`).toBeLessThanOrEqual(1e-5);
  }
  expect(measured[STEPS - 1]!).toBeLessThan(measured[0]!);
  expect(app.errors).toEqual([]);
});
