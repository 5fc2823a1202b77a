// Child process of `npm run bench -- --node`: loads bench/node/engineBench.ts the way nodeRuntime.mjs
// loads the engine in Node, runs the engine cases and writes the BenchReport JSON to the path in argv[2].
// scripts/bench.mjs starts it with dawnEnv()'s environment.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { exitDawn, importEntry, installDawn } from './nodeRuntime.mjs';

const [outFile, ...rest] = process.argv.slice(2);
const quick = rest.includes('--quick');
const casesArg = rest.find((a) => a.startsWith('--cases='))?.slice('--cases='.length) ?? '';

installDawn();
const module = await importEntry(fileURLToPath(new URL('./engineBench.ts', import.meta.url)));
const requested = module.parseCaseList(casesArg).filter((c) => module.NODE_CASES.includes(c));
const report = await module.runEngineBench({
  quick,
  cases: requested,
  log: (line) => console.log(`[bench:node] ${line}`),
});
writeFileSync(outFile, JSON.stringify(report, null, 2));
exitDawn(0);
