/**
 * Entry of bench.html: placeholder until the benchmark cases land; exposes window.batchlabBench.
 */
const log = document.getElementById('log');
if (log) log.textContent = 'ready';
(window as unknown as { batchlabBench: { ready: boolean } }).batchlabBench = { ready: true };
