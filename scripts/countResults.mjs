// Adds up the unit (vitest) and e2e (Playwright) JSON reports into one plain line: "N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';

const read = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null);

let passed = 0;
let failed = 0;
let skipped = 0;
const unit = read('reports/unit.json');
if (unit) {
  passed += unit.numPassedTests;
  failed += unit.numFailedTests;
  skipped += (unit.numPendingTests ?? 0) + (unit.numTodoTests ?? 0);
}
const e2e = read('reports/e2e.json');
if (e2e) {
  passed += e2e.stats.expected + (e2e.stats.flaky ?? 0);
  failed += e2e.stats.unexpected;
  skipped += e2e.stats.skipped ?? 0;
}
// A check that stopped before its tests (typecheck, lint, format, build) counts as one failure.
const checkFailed = process.argv[2] === 'check-failed';
if (checkFailed && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
