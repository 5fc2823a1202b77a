// Prints a BenchReport (src/bench/benchTypes.ts) as plain-text tables: one per case, then its ratios
// (✓ / ✗ against the issue's goals) and notes.

const text = (cell) =>
  cell === null || cell === undefined ? '—' : typeof cell === 'number' ? fmt(cell) : String(cell);

function fmt(n) {
  if (!Number.isFinite(n)) return String(n);
  if (Number.isInteger(n) && Math.abs(n) >= 1000) return n.toLocaleString('en-US');
  return String(n);
}

export function formatTable(columns, rows) {
  const header = columns.map((c) => c.label);
  const body = rows.map((row) => columns.map((c) => text(row[c.key])));
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

export function formatCase(result) {
  const out = [`\n(${result.letter}) ${result.title}  [${(result.durationMs / 1000).toFixed(1)} s]`];
  if (result.rows.length) out.push(formatTable(result.columns, result.rows));
  for (const r of result.ratios) {
    const goal = r.goal ? `  goal ${r.goal} ${r.met ? '✓' : '✗'}` : '';
    out.push(`  ratio: ${r.label} = ${fmt(r.value)}${goal}`);
  }
  for (const n of result.notes) out.push(`  note: ${n}`);
  if (result.error) out.push(`  ERROR: ${result.error}`);
  return out.join('\n');
}

export function formatReport(report, meta) {
  const env = report.environment;
  const adapter = env.adapter
    ? `${env.adapter.vendor} ${env.adapter.architecture} (${env.adapter.description})${env.adapter.isFallbackAdapter ? ', fallback/software' : ''}`
    : 'none';
  const head = [
    `BatchLab bench — ${report.quick ? 'quick' : 'full'} — ${env.runner}${meta.browser ? ` ${meta.browser}` : ''}`,
    `backend ${env.backend}; adapter ${adapter}; ${env.hardwareConcurrency} logical cores; tfjs ${env.tfjsVersion}`,
    `load average at start ${meta.loadAverageStart.join(' / ')}, at end ${meta.loadAverageEnd.join(' / ')}`,
  ];
  if (report.gpuProblems.length)
    head.push(`GPU PROBLEMS (figures invalid): ${report.gpuProblems.join('; ')}`);
  return [...head, ...report.cases.map(formatCase)].join('\n');
}
