// Child process of `npm run bench -- --node --gpu`: loads bench/node/gpuBench.ts the way nodeRuntime.mjs
// loads the engine in Node and writes its report (or its refusal) as JSON to the path in argv[2].
// scripts/bench.mjs starts it with gpuPreflight.mjs's environment.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { exitDawn, importEntry, installDawn } from './nodeRuntime.mjs';

const [outFile] = process.argv.slice(2);
installDawn();
const module = await importEntry(fileURLToPath(new URL('./gpuBench.ts', import.meta.url)));
const report = await module.runGpuBench({ log: (line) => console.log(`[bench:gpu] ${line}`) });
writeFileSync(outFile, JSON.stringify(report, null, 2));
exitDawn(0);
