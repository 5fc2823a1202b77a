// Case f from the driver's side: one fresh browser per probe (nothing cached: not the page, not the GPU
// process), alternating parallel compilation off / on, then the median of each variant's probes.

const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number').sort((a, b) => a - b);
  if (s.length === 0) return null;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const round = (x) => (x === null ? null : Number(x.toPrecision(3)));

/** openProbe(parallel) → the probe's CaseResult (one row), in a fresh browser. */
export async function runFirstStepCase({ reps, openProbe, log }) {
  const t0 = Date.now();
  const probes = { off: [], on: [] };
  const errors = [];
  for (let i = 0; i < reps; i++) {
    for (const parallel of [false, true]) {
      log(`f: probe ${i + 1}/${reps}, parallel compile ${parallel ? 'on' : 'off'}`);
      try {
        const result = await openProbe(parallel);
        if (result.error) errors.push(result.error);
        else probes[parallel ? 'on' : 'off'].push(result.rows[0]);
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
      }
    }
  }
  const columns = [
    { key: 'parallel', label: 'parallel compile' },
    { key: 'probes', label: 'fresh browsers' },
    { key: 'initMs', label: 'backend init ms' },
    { key: 'compileMs', label: 'compile pass ms' },
    { key: 'firstStepMs', label: 'first step ms (incl. compile)' },
    { key: 'secondStepMs', label: 'second step ms' },
    { key: 'pipelines', label: 'pipelines' },
  ];
  const summary = (name) => {
    const rows = probes[name];
    const pick = (key) => round(median(rows.map((r) => r[key])));
    return {
      parallel: name,
      probes: rows.length,
      initMs: pick('initMs'),
      compileMs: pick('compileMs'),
      firstStepMs: pick('firstStepMs'),
      secondStepMs: pick('secondStepMs'),
      pipelines: pick('pipelines'),
    };
  };
  const off = summary('off');
  const on = summary('on');
  const ratios = [];
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
    rows: [off, on],
    ratios,
    notes: [
      `median of ${reps} fresh browsers per variant, alternating; "first step" runs from trainer creation to the first loss readback, the compile pass included when on`,
      'parallel compile = WEBGPU_ENGINE_COMPILE_ONLY pass over a scratch copy of the step + checkCompileCompletionAsync (src/bench/compileWarmup.ts)',
    ],
    ...(errors.length ? { error: [...new Set(errors)].join('; ') } : {}),
    durationMs: Date.now() - t0,
  };
}
