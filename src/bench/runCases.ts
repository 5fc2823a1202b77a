/**
 * Runs the requested cases one after another on a BenchContext and adds what every result shares (its
 * letter, id and wall time); a case that throws becomes a result with its error, and the next case still
 * runs. The runner decides which cases exist where (the page has all eight; Node has the engine cases).
 * No DOM.
 */
import type { BenchContext } from './benchContext';
import { BENCH_CASES, type CaseBody, type CaseLetter, type CaseResult } from './benchTypes';

export type CaseRunner = (ctx: BenchContext) => Promise<CaseBody>;

export async function runCases(
  ctx: BenchContext,
  letters: readonly CaseLetter[],
  runners: Partial<Record<CaseLetter, CaseRunner>>,
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const letter of letters) {
    const run = runners[letter];
    const t0 = performance.now();
    const result = (body: CaseBody): CaseResult => ({
      letter,
      id: BENCH_CASES[letter],
      ...body,
      durationMs: performance.now() - t0,
    });
    const failed = (error: string) =>
      result({ title: BENCH_CASES[letter], columns: [], rows: [], ratios: [], notes: [], error });
    if (!run) {
      results.push(failed(`case ${letter} does not run in the ${ctx.runner} runner`));
      continue;
    }
    ctx.log(`case ${letter} (${BENCH_CASES[letter]}) starts`);
    try {
      results.push(result(await run(ctx)));
    } catch (error) {
      results.push(failed(error instanceof Error ? `${error.message}` : String(error)));
    }
    ctx.log(`case ${letter} done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  return results;
}
