/** English: the pre-flight memory check's verdicts and refusals, and why a measured run cannot start. */
export const preflight = {
  fits: 'Pre-flight: one step peaks at about {total} of live tensors (modelled on what TensorFlow.js keeps; the profile below measures it), {pooled} with its reuse pool; its largest buffer is {largest} ({name}); this device allows {perBuffer} per buffer and {budget} in all ({source}).',
  refusedTitle: 'This config does not fit this device.',
  limits: 'Limits: {source}.',
  skipped:
    'The check is switched off by the debug flag {flag}: Start stays enabled, and the GPU error guard has to catch what goes wrong.',
  disabled: 'Start stays disabled until the config fits.',
  useBatch: 'Use batch {n}',
  /** The largest buffer's group (config/memoryEstimate.ts MemoryGroup), as the config's own sentence names it. */
  bufferGroups: {
    parameter: 'parameter',
    optimizer: 'optimizer',
    batch: 'batch',
    activation: 'activation',
    gradient: 'gradient',
    transient: 'transient',
  },
  gpu: 'Batch {batch} at {size}×{size} needs about {total}, its largest buffer {largest} ({name}); {allowed}. {advice}',
  perBuffer: 'this GPU allows {bytes} per buffer',
  budget: "the memory budget is {budget}, for {pooled} with tfjs's reuse pool (×{headroom})",
  and: ' and ',
  largestBatch: 'The largest batch that fits is {n}.',
  noBatch: 'Even batch 1 does not fit: lower the image size, the depth or the base width.',
  host: 'The loader would hold up to {workers} × {prefetch} + 1 batches of {batch} = {held} of host memory, over the {budget} assumed for a tab: use fewer workers, less prefetch, a smaller batch or uint8 storage.',
  source: {
    'webgpu-hardware':
      'per-buffer limits reported by WebGPU; the {budget} GiB budget is assumed, since browsers do not report how much memory a GPU has',
    'webgpu-software':
      'per-buffer limits reported by WebGPU; the {budget} GiB budget is assumed for a software adapter, whose memory is the page’s RAM',
    unreported:
      '{backend} reports no memory limits, so a conservative {perBuffer} GiB per buffer and a {budget} GiB budget are assumed',
  },
  blocker: {
    mainRunning: 'Stop the training run first: two runs at once would distort step times.',
    booting: 'The training backend is still starting.',
    compareRunning: 'A comparison is running.',
    parallelRunning: 'The several-GPU run is running.',
    lessonRunning: 'A lesson is running.',
    sweepRunning: 'A sweep is running.',
    finderRunning: 'The batch finder is running.',
    alreadyRunning: 'It is already running.',
    doesNotFit: '{name} does not fit this device: {reason}',
  },
};
