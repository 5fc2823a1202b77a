// Case f from the driver's side: one fresh browser per probe (nothing cached: not the page, not the GPU
// process, not a measured conv choice), alternating the variants (parallel compilation off / on, both with
// the conv kernels chosen by measurement; off with the rule's fixed choice; off with the kernels the
// measured probe of the same round chose, given as a later visit's cache hit gives them), then the median of
// each variant's probes.
//
// What the measured choice adds to a first visit, two ways, each paired per round:
// - against not measuring (the rule's fixed choice, what a first step was before the measurement): the first
//   step with the measurement (the choice included) minus the first step on the fixed choice, ÷ the latter.
//   This is the goal's reading: what the measurement adds to the first step.
// - against knowing the answer (the same kernels from the cache): the first step with the measurement minus
//   the first step with the kernels it chose given, ÷ the latter. Stricter: the chosen kernels may compile
//   faster than the fixed ones, which this reading does not credit to the measurement.
// Neither is the measurement's own ms: the winners' pipelines it compiles are the first step's (the own
// kernels' pipelines do not depend on the sizes), so part of it would be paid by the first step anyway.

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return null;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const round = (x) => (x === null ? null : Number(x.toPrecision(3)));

const VARIANTS = ['off', 'on', 'fixed', 'given'];

/**
 * openProbe(variant, kernels) → the probe's CaseResult (one row), in a fresh browser; `kernels` (the 'given'
 * variant only) is the JSON of the kernels the round's 'off' probe measured.
 */
export async function runFirstStepCase({ reps, openProbe, log }) {
  const t0 = Date.now();
  const probes = { off: [], on: [], fixed: [], given: [] };
  /** Per round: first step with the measurement − first step with its kernels given (a cache hit), ms. */
  const costs = [];
  /** Per round: that difference ÷ the first step with the kernels given. */
  const costShares = [];
  /** Per round: (first step with the measurement − first step on the fixed choice) ÷ the latter. */
  const addedShares = [];
  const errors = [];
  for (let i = 0; i < reps; i++) {
    let measured = null;
    for (const variant of VARIANTS) {
      if (variant === 'given' && !measured?.kernels) continue;
      log(`f: probe ${i + 1}/${reps}, ${variant}`);
      try {
        const result = await openProbe(variant, variant === 'given' ? measured.kernels : null);
        if (result.error) {
          errors.push(result.error);
          continue;
        }
        const row = result.rows[0];
        probes[variant].push(row);
        if (variant === 'off') measured = row;
        const paired = Number.isFinite(measured?.firstStepMs) && Number.isFinite(row.firstStepMs);
        if (variant === 'given' && paired) {
          costs.push(measured.firstStepMs - row.firstStepMs);
          costShares.push((measured.firstStepMs - row.firstStepMs) / row.firstStepMs);
        }
        if (variant === 'fixed' && paired) {
          addedShares.push((measured.firstStepMs - row.firstStepMs) / row.firstStepMs);
        }
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
      }
    }
  }
  const columns = [
    { key: 'parallel', label: 'parallel compile' },
    { key: 'conv', label: 'conv kernels' },
    { key: 'probes', label: 'fresh browsers' },
    { key: 'initMs', label: 'backend init ms' },
    { key: 'compileMs', label: 'compile pass ms' },
    { key: 'tuningMs', label: 'conv choice ms (measurement)' },
    { key: 'firstStepMs', label: 'first step ms (incl. compile and choice)' },
    { key: 'cachedTuningMs', label: 'conv choice ms, next model (cache)' },
    { key: 'secondStepMs', label: 'second step ms' },
    { key: 'pipelines', label: 'pipelines' },
    { key: 'firstVisitCostMs', label: 'first-visit cost of the choice ms (paired: − cache hit)' },
  ];
  const summary = (name) => {
    const rows = probes[name];
    const pick = (key) => round(median(rows.map((r) => r[key])));
    return {
      parallel: name === 'on' ? 'on' : 'off',
      conv: { fixed: 'fixed (rule)', given: 'measured, from the cache (kernels given)' }[name] ?? 'measured',
      probes: rows.length,
      initMs: pick('initMs'),
      compileMs: pick('compileMs'),
      tuningMs: pick('tuningMs'),
      firstStepMs: pick('firstStepMs'),
      cachedTuningMs: pick('cachedTuningMs'),
      secondStepMs: pick('secondStepMs'),
      pipelines: pick('pipelines'),
      firstVisitCostMs: name === 'off' ? round(median(costs)) : null,
    };
  };
  const off = summary('off');
  const on = summary('on');
  const fixed = summary('fixed');
  const given = summary('given');
  const ratios = [];
  const added = median(addedShares);
  if (added !== null) {
    const within = addedShares.filter((x) => x <= 0.25).length;
    ratios.push({
      label: `what the measurement adds to a first step: (first step with it − first step on the fixed choice) ÷ the latter, paired per round, median (rounds ${round(Math.min(...addedShares))} to ${round(Math.max(...addedShares))}; ${within} of ${addedShares.length} rounds ≤ 0.25)`,
      value: round(added),
      goal: '≤ 0.25',
      met: added <= 0.25,
    });
  }
  const cost = off.firstVisitCostMs;
  if (cost !== null && given.firstStepMs) {
    const within = costShares.filter((x) => x <= 0.25).length;
    ratios.push({
      label: `stricter, against knowing the answer: first step with the measurement − first step with the same kernels from the cache, paired per round (median), ÷ first step from the cache (${within} of ${costShares.length} rounds ≤ 0.25, each against its own round's first step from the cache)`,
      value: round(cost / given.firstStepMs),
      goal: '≤ 0.25',
      met: cost / given.firstStepMs <= 0.25,
    });
  }
  if (cost !== null && fixed.firstStepMs) {
    ratios.push({
      label: 'the same first-visit cost ÷ first step on the fixed choice',
      value: round(cost / fixed.firstStepMs),
    });
  }
  if (off.firstStepMs && given.firstStepMs) {
    ratios.push({
      label:
        'unpaired: (median first step with the measurement − median from the cache) ÷ median from the cache',
      value: round((off.firstStepMs - given.firstStepMs) / given.firstStepMs),
    });
  }
  if (off.tuningMs !== null && fixed.firstStepMs) {
    ratios.push(
      {
        label:
          "the measurement's own ms ÷ first step on the fixed choice (counts the winners' pipelines, which the first step reuses)",
        value: round(off.tuningMs / fixed.firstStepMs),
      },
      {
        label: 'conv choice ms, a later model or visit (cache hit) ÷ first step ms on the fixed choice',
        value: round((off.cachedTuningMs ?? Number.NaN) / fixed.firstStepMs),
        goal: '≤ 0.25',
        met: (off.cachedTuningMs ?? Number.POSITIVE_INFINITY) / fixed.firstStepMs <= 0.25,
      },
    );
  }
  if (off.firstStepMs && on.firstStepMs) {
    ratios.push({
      label: 'first step with parallel compile ÷ without',
      value: round(on.firstStepMs / off.firstStepMs),
    });
  }
  return {
    letter: 'f',
    id: 'firstStep',
    title: 'time to first step (shader compilation), fresh browser per probe, webgpu',
    columns,
    rows: [off, on, fixed, given],
    ratios,
    notes: [
      `median of ${reps} fresh browsers per variant, alternating; "first step" runs from trainer creation to the first loss readback, the compile pass included when on`,
      'parallel compile = WEBGPU_ENGINE_COMPILE_ONLY pass over a scratch copy of the step + checkCompileCompletionAsync (src/bench/compileWarmup.ts)',
      '"conv choice ms" = the trainer measuring its conv kernels before the first step (src/engine/convTuning.ts; nothing cached in a fresh browser), included in "first step ms"; "next model" = a second model of the same shapes in the same page, whose choice comes from the session cache (a later visit reads IndexedDB instead)',
      `first-visit cost per round, ms (first step with the measurement − from the cache): ${costs.map((c) => round(c)).join(', ') || 'none'}`,
      `added share per round (first step with the measurement − on the fixed choice, ÷ the latter): ${addedShares.map((x) => round(x)).join(', ') || 'none'}`,
      '"from the cache" = a fresh browser whose trainer is given the kernels the same round measured, as a later visit\'s IndexedDB hit gives them (the look-up itself: "next model" ms); the first-visit cost is the median of the rounds\' differences',
    ],
    ...(errors.length ? { error: [...new Set(errors)].join('; ') } : {}),
    durationMs: Date.now() - t0,
  };
}
