// Child process for tests that need WebGPU in plain Node: puts Dawn's navigator.gpu on globalThis (the way
// `npm run bench -- --node` does, bench/node/nodeRuntime.mjs), loads the TypeScript module in argv[2] and
// prints what its export argv[3] resolves to as one line `RESULT <json>`. The parent (runOnDawn.ts) starts
// it with dawnEnv()'s environment and parses that line.
import { exitDawn, importEntry, installDawn } from '../../bench/node/nodeRuntime.mjs';

const [entry, exportName] = process.argv.slice(2);
installDawn();
try {
  const module = await importEntry(entry);
  const result = await module[exportName]();
  console.log(`RESULT ${JSON.stringify(result)}`);
  exitDawn(0);
} catch (error) {
  console.error(`FAILED ${error?.stack ?? error}`);
  exitDawn(1);
}
