// Child process of `npm run bench` for case l (PyTorch): loads bench/node/pytorchCase.ts the way
// nodeRuntime.mjs loads the engine (no WebGPU needed), runs it and writes its CaseResult JSON to argv[2].
// argv: <out.json> [--quick] [--batchlab=<samples/s>] [--backend=<name>].
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importEntry } from './nodeRuntime.mjs';

const [outFile, ...rest] = process.argv.slice(2);
const value = (name) => rest.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? null;
const module = await importEntry(fileURLToPath(new URL('./pytorchCase.ts', import.meta.url)));
const batchLab = value('batchlab');
const result = await module.runPyTorchCase({
  quick: rest.includes('--quick'),
  batchLabSamplesPerSec: batchLab === null ? null : Number(batchLab),
  batchLabBackend: value('backend'),
  log: (line) => console.log(`[bench] ${line}`),
});
writeFileSync(outFile, JSON.stringify(result, null, 2));
process.exit(0);
