// Case f from the driver's side: one fresh browser per probe (nothing cached: not the page, not the GPU
// process, not a measured conv choice), alternating the variants (parallel compilation off / on, both with
// the conv kernels chosen by measurement; off with the rule's fixed choice), then the median of each
// variant's probes.

const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number').sort((a, b) => a - b);
  if (s.length === 0) return null;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const round = (x) => (x === null ? null : Number(x.toPrecision(3)));

const VARIANTS = ['off', 'on', 'fixed'];

/** openProbe(variant) → the probe's CaseResult (one row), in a fresh browser. */
export async function runFirstStepCase({ reps, openProbe, log }) {
  const t0 = Date.now();
  const probes = { off: [], on: [], fixed: [] };
  const errors = [];
  for (let i = 0; i < reps; i++) {
    for (const variant of VARIANTS) {
      log(`f: probe ${i + 1}/${reps}, ${variant}`);
      try {
        const result = await openProbe(variant);
        if (result.error) errors.push(result.error);
        else probes[variant].push(result.rows[0]);
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
  ];
  const summary = (name) => {
    const rows = probes[name];
    const pick = (key) => round(median(rows.map((r) => r[key])));
    return {
      parallel: name === 'on' ? 'on' : 'off',
      conv: name === 'fixed' ? 'fixed (rule)' : 'measured',
      probes: rows.length,
      initMs: pick('initMs'),
      compileMs: pick('compileMs'),
      tuningMs: pick('tuningMs'),
      firstStepMs: pick('firstStepMs'),
      cachedTuningMs: pick('cachedTuningMs'),
      secondStepMs: pick('secondStepMs'),
      pipelines: pick('pipelines'),
    };
  };
  const off = summary('off');
  const on = summary('on');
  const fixed = summary('fixed');
  const ratios = [];
  if (off.tuningMs !== null && fixed.firstStepMs) {
    // The first step on the fixed choice compiles the own kernels that the measurement compiles instead.
    const added = (off.firstStepMs - fixed.firstStepMs) / fixed.firstStepMs;
    ratios.push(
      {
        label: 'conv choice ms, first visit (nothing cached) ÷ first step ms on the fixed choice',
        value: round(off.tuningMs / fixed.firstStepMs),
        goal: '≤ 0.25',
        met: off.tuningMs / fixed.firstStepMs <= 0.25,
      },
      {
        label: 'first step with the measured choice (choice included) ÷ on the fixed choice, − 1',
        value: round(added),
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
    rows: [off, on, fixed],
    ratios,
    notes: [
      `median of ${reps} fresh browsers per variant, alternating; "first step" runs from trainer creation to the first loss readback, the compile pass included when on`,
      'parallel compile = WEBGPU_ENGINE_COMPILE_ONLY pass over a scratch copy of the step + checkCompileCompletionAsync (src/bench/compileWarmup.ts)',
      '"conv choice ms" = the trainer measuring its conv kernels before the first step (src/engine/convTuning.ts; nothing cached in a fresh browser), included in "first step ms"; "next model" = a second model of the same shapes in the same page, whose choice comes from the session cache (a later visit reads IndexedDB instead)',
    ],
    ...(errors.length ? { error: [...new Set(errors)].join('; ') } : {}),
    durationMs: Date.now() - t0,
  };
}
