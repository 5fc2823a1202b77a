/**
 * The cases that need only tfjs (no Worker, no DOM), shared by the bench page and the Node runner.
 */
export { runBackends as backendsCase } from './cases/backends';
export { runDataPath as dataPathCase } from './cases/dataPath';
export { runFusedUpdate as fusedUpdateCase } from './cases/fusedUpdate';
export { runGflops as gflopsCase } from './cases/gflops';
export { runPeakMemory as peakMemoryCase } from './cases/peakMemory';
export { runTrainVsFit as trainVsFitCase } from './cases/trainVsFit';
