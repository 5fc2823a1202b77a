// Child process of the Node smoke test (test/nodeEngine.test.ts): the same loading path as
// `npm run bench -- --node` (nodeRuntime.mjs), then one tiny training step of the real engine on Dawn's
// WebGPU. Prints one JSON line: backend, adapter, losses, tensor counts.
import { fileURLToPath } from 'node:url';
import { exitDawn, importEntry, installDawn } from './nodeRuntime.mjs';

installDawn();
try {
  const module = await importEntry(fileURLToPath(new URL('./engineSmoke.ts', import.meta.url)));
  console.log(`SMOKE ${JSON.stringify(await module.runEngineSmoke())}`);
  exitDawn(0);
} catch (error) {
  console.error(`SMOKE-FAILED ${error?.stack ?? error}`);
  exitDawn(1);
}
