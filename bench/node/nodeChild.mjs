// Child process of `npm run bench -- --node`: puts Dawn's WebGPU (the `webgpu` package) on globalThis,
// loads bench/node/engineBench.ts through Vite's module runner (TypeScript, no build step), runs the
// engine cases and writes the BenchReport JSON to the path in argv[2]. scripts/bench.mjs sets the
// environment Dawn needs (Vulkan ICD, library path) before starting this process.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { create, globals } from 'webgpu';
import { runnerImport } from 'vite';

const [outFile, ...rest] = process.argv.slice(2);
const quick = rest.includes('--quick');
const casesArg = rest.find((a) => a.startsWith('--cases='))?.slice('--cases='.length) ?? '';

Object.assign(globalThis, globals);
const gpu = create([]);
Object.defineProperty(globalThis, 'navigator', {
  value: { gpu, hardwareConcurrency: os.cpus().length, userAgent: `Node.js ${process.version}` },
  configurable: true,
  writable: true,
});

const entry = fileURLToPath(new URL('./engineBench.ts', import.meta.url));
const { module } = await runnerImport(entry, { configFile: false, logLevel: 'error' });
const requested = module.parseCaseList(casesArg).filter((c) => module.NODE_CASES.includes(c));
const report = await module.runEngineBench({
  quick,
  cases: requested,
  log: (line) => console.log(`[bench:node] ${line}`),
});
writeFileSync(outFile, JSON.stringify(report, null, 2));
// Dawn keeps the process alive while navigator.gpu is referenced.
delete globalThis.navigator.gpu;
process.exit(0);
