/**
 * English: the lessons of "Efficient PyTorch — Eliminating Bottlenecks" and lesson 5, a batch that does not
 * fit (their titles, questions, arms and "Why?" bullets; config/lessons.ts holds what they run) and the words of the lesson view: the
 * article's figure, the plan, the progress line, the result cards and their tables.
 */
export const lessons = {
  bytes: {
    title: 'Bytes to the GPU',
    question:
      'How many bytes does each training step send to the GPU when images and masks stay uint8 and the model normalizes them?',
    runLabel: 'Measure the three data paths',
    arms: {
      uint8: 'uint8, normalize in the model',
      float32: 'float32, normalize in the loader',
      'int32-trap': 'uint8 via tf.tensor (the int32 trap)',
    },
    why: [
      'PyTorch: the loader hands over uint8 images and masks; a Normalize module inside the model casts and normalizes on the GPU.',
      'A float32 RGB pixel is 12 B, a uint8 one 3 B; a mask pixel is 8 B as int64, 1 B as uint8.',
      'TensorFlow.js has no uint8 tensor: tf.tensor(Uint8Array) silently becomes int32, 4 B per value — the trap.',
      'BatchLab uploads the packed bytes itself and unpacks them in a WGSL shader, so uint8 really crosses as 1 B.',
      'Fewer bytes per batch also means less host memory per prefetched batch (lesson 2).',
    ],
    article: {
      figure: '{factor} fewer bytes per batch',
      detail:
        '{float} → {uint8}: 32 RGB images of 512 × 512 px with their masks, float32 + int64 vs uint8 + uint8.',
    },
    result: {
      measuredLabel: 'Measured here, per step',
      fewerBytes: '{factor} fewer bytes',
      measuredDetail: 'uint8 + uint8 masks: {uint8} · float32 + int32 masks: {float}',
      articleLabel: 'The article, per batch',
      articleDetail: '{uint8} vs {float}',
      gapTitle: 'Why {here} and not {article}:',
      gap: "TensorFlow.js has no int64, so the float batch's mask is int32 here: {here} B per pixel instead of the article's {article} B with an int64 mask.",
      images: 'Images alone: {factor} fewer bytes — {uint8} vs {float}, 1 B per value instead of 4.',
      trap: 'The int32 trap: tf.tensor(Uint8Array) sent {factor} the image bytes of the packed uint8 path.',
      stepTime: 'Measured step time (mean of the timed steps): uint8 {uint8}, float32 {float}.',
      stepVerdict: 'uint8 vs float32: {figure}, {verdict} ({interval}).',
      stepNoSpread: 'Too few timed blocks to tell a difference in speed.',
      faster: 'Fewer bytes made the step faster here too.',
      notFaster:
        'Not faster here: on a software adapter the "GPU" is the CPU, the upload is a memory copy and unpacking is extra CPU work. On a real GPU the smaller transfer is the saving.',
    },
    kernels: {
      caption:
        "Profiled (serialised): kernel time of one profiled step, each kernel timed in its own pass, so these are not the measured step times above. The Normalize layer's input handling against all the step's kernels. The packed path's unpack is BatchLab's own WGSL program, timed like tfjs's kernels.",
      inputKernels: 'Input kernels',
      input: 'Input, profiled (serialised)',
      step: 'All kernels, profiled (serialised)',
      none: 'none',
      ownKernel: "{name} (BatchLab's own WGSL program)",
    },
    tableCaption: 'Bytes handed to the GPU per step, measured, and what the byte calculator expects',
  },
  loaders: {
    title: 'Loader workers',
    question:
      'Does the GPU wait for data when one thread loads every batch, and do two loader workers feed it, whether the loader waits on storage or works the CPU?',
    runLabel: 'Compare 0 and 2 loader workers, storage-bound and CPU-bound',
    arms: {
      'storage-w0': 'Storage-bound, 0 workers',
      'storage-w2': 'Storage-bound, 2 workers',
      w0: 'CPU-bound, 0 workers',
      w2: 'CPU-bound, 2 workers',
    },
    why: [
      'Storage-bound: each sample waits a simulated storage latency (a timer standing in for a slow disk or the network; no CPU work), and building a 16 px batch costs almost nothing.',
      'With 0 workers the training thread loads each batch when the step asks for it: the GPU waits for storage. Two workers wait at the same time, ahead of the step, so their waits overlap with the GPU’s work.',
      'CPU-bound: each batch is expensive on purpose: 512 px sources, blurred, cropped and rescaled to 16 px, like decoding photos. Workers build batches in parallel and ahead of time; each holds up to "prefetch" whole batches in memory.',
      'Timing starts only after the initial prefetch has drained, and runs until the throughput is stable.',
      'Workers and a software GPU share the same CPU cores: in the CPU-bound case, on a machine with few cores, workers take cores the training needs, so compute per step rises and workers may even slow the run down.',
    ],
    article: {
      figure: '“Measure it”',
      detail:
        'The right number of workers depends on your CPU, IO and GPU. Its example: {workers} workers × {prefetch} prefetched batches hold {float} of float32 batches in RAM ({uint8} as uint8).',
    },
    result: {
      storageTitle: 'Measured, storage-bound ({latency}/sample, simulated): data wait',
      cpuTitle: 'Measured, CPU-bound (costly batches in memory): data wait',
      figure: '{before} → {after} of each step',
      speedup: '0 workers → 2 workers: {factor} the samples per second.',
      articleLabel: 'The article',
      articleFigure: 'Measure it',
      articleDetail: 'Too few workers starve the GPU; too many exhaust RAM or CPU.',
      twoWorkers: '2 workers:',
      gapTitle: 'Sharing the cores:',
      explain: {
        faster:
          'the loader workers and this software GPU share the same {cores}: compute per step went from {before} to {after} while the workers built batches.',
        slower:
          'the loader workers took the CPU cores this software GPU computes on ({cores}): compute per step went from {before} to {after}, more than the waiting for data they saved.',
        'no-difference':
          'the waiting the workers saved about equals the compute they cost by sharing the same {cores} with this software GPU (compute per step {before} → {after}).',
      },
      gap: 'this browser reports {cores}; the loader workers and this software GPU share them: compute per step went from {before} with 0 workers to {after} with 2 workers while the workers built batches.',
      cores: { one: '{n} CPU core', other: '{n} CPU cores' },
      coresUnknown: 'an unknown number of CPU cores',
      timing:
        'Timing started at step {first} with 2 workers, after the {prefetched} batches prefetched during the first step had been used; {timed} steps timed.',
    },
    tableCaption:
      'Storage-bound and CPU-bound, 0 and 2 loader workers each; each pair timed in paired rounds, its two workers taking turns in timed blocks',
  },
  gpus: {
    title: 'Several GPUs',
    question:
      "Why does DataParallel's first GPU run out of memory first, and how do loss-inside-forward and DDP fix it?",
    runLabel: 'Run the three strategies on 2 devices',
    arms: {},
    why: [
      "nn.DataParallel gathers every replica's output on device 0, which computes the loss and steps the optimizer.",
      "For segmentation the outputs are B×H×W×classes floats: device 0 holds the whole batch's, the others only their shard's.",
      'Computing the loss inside forward returns one number per replica instead of its outputs.',
      'DistributedDataParallel has no master: every device averages gradients by all-reduce and holds the same bytes.',
      'Here every "device" is a Web Worker with its own WebGPU device; on a software adapter they share the CPU, so compare memory and bytes, not time.',
    ],
    article: {
      figure: 'GPU 0 holds {ratio} the outputs',
      detail:
        "{gpus} GPUs, a batch of {batch}: nn.DataParallel gathers all {batch} samples' outputs on GPU 0, while each other GPU holds its {shard}.",
    },
    result: {
      measuredLabel: 'Measured here: device 0 ÷ device 1 memory',
      detail: 'DataParallel {gather} · loss in forward {lossInForward} · DDP {ddp}',
      articleLabel: 'The article',
      articleFigure: '{ratio} the outputs on GPU 0',
      articleDetail: '{gpus} GPUs; DDP: “100% load on every GPU”.',
      reconcile:
        'The article counts outputs: on {gpus} GPUs, GPU 0 holds {article} the outputs of another. Here {devices} devices: device 0 holds {outputs} the outputs of device 1, and {memory} its memory under DataParallel, since outputs are one part of a device’s memory.',
      gapTitle: 'Why the numbers differ:',
      gap: 'here {devices} devices train a batch of {batch} at {size} × {size} px, so device 0 gathers {devices}× the outputs and also alone holds the optimizer state and the summed gradients. Every "device" shares this machine\'s CPU, so compare memory and bytes, not time.',
    },
    shortStrategies: { 'dp-gather': 'DataParallel', 'dp-loss-in-forward': 'Loss in forward', ddp: 'DDP' },
    tableCaption: "Memory at each device's step peak, last step of each strategy",
    strategy: 'Strategy',
    device: 'Device {n}',
  },
  fit: {
    title: 'When the batch does not fit',
    question:
      'The batch does not fit this GPU: do micro-batches or recomputation fit it, with the same gradients, and at what cost?',
    runLabel: 'Try the batch four ways on a smaller GPU',
    arms: {
      'at-once': 'The batch at once',
      micro: '4 micro-batches',
      recompute: 'Recompute per block',
      both: 'Both',
    },
    why: [
      'Gradient accumulation: run the batch as k micro-batches one after the other, each on loss ÷ k, sum their gradients and take one optimizer step. Only one micro-batch’s activations are alive at a time.',
      'The sum of the parts’ gradients is the batch’s gradient, so the step is the same up to float rounding; BatchNorm would differ (it sees only a part), and this U-Net has none.',
      'Recomputation (activation checkpointing, torch.utils.checkpoint): keep only each block’s input and output, and run the block’s forward again during the backward pass. Chen et al. 2016 checkpoint every √n of n layers: about 2√n outputs kept, for about one extra forward pass.',
      'Neither divides what the step holds besides activations: weights, gradients (with micro-batches twice: each part’s and the running sum), the optimizer’s state, the batch and the loss’s tensors.',
      'The pretend GPU is a budget the pre-flight checks: every arm still runs on this browser’s real GPU, where its peak is measured.',
    ],
    article: {
      figure: 'Activations ÷ {k}, or {share} for one more forward pass',
      detail:
        'Here {all} of activations at once, {perPart} per micro-batch. Chen et al. 2016, “Training Deep Nets with Sublinear Memory Cost”: a checkpoint every √n of n = {layers} layers keeps 2√n ÷ n = {share} of them.',
      budget:
        'A pretend GPU with {budget}: the batch of {batch} at once needs {pooled} with tfjs’s reuse pool.',
    },
    result: {
      measuredLabel: 'Measured here',
      headline: '{k} micro-batches: peak {ratio} the batch at once’s estimate',
      peakDetail: '{peak} measured against {estimate} estimated.',
      recompute:
        'Recomputation with the same micro-batches: activations {ratio} those without it (both measured).',
      same: 'The same gradients as the batch at once (one SGD step, on the CPU): updates within {relative} of the largest, under {tolerance}.',
      differs:
        'Not the same gradients (one SGD step, on the CPU): updates differ by up to {relative} of the largest, over {tolerance} (weights by {diff}).',
      checking: 'Comparing one step with the batch at once, on the CPU…',
      notCompared: 'Not compared with the batch at once: the run ended before the check.',
      referenceFigure: 'Activations ÷ {k}',
      referenceDetail: 'Recomputation: about {share} kept, for one extra forward pass (Chen et al. 2016).',
      refused:
        'A GPU with {budget} refused the batch of {batch} at once: {estimate} × {headroom} for tfjs’s reuse pool = {pooled}. It never trained on the GPU.',
      underBudget: 'The others: at most {peak} in use, × {headroom} = {pooled}, within it.',
      overBudget:
        'One of the others: {peak} in use, × {headroom} = {pooled}, over it: its estimate fell short.',
      gapTitle: 'Why not exactly ÷ {k}:',
      gap: 'micro-batches divide the activations, their gradients and the batch ({divided} of the estimate), not the weights, their gradients or Adam’s moments; the allocator also holds buffers in flight. Chen et al.’s 2√n assumes a chain of equal layers; each block here keeps its input and output.',
    },
    table: {
      label: 'Each arm, measured',
      caption:
        'Each arm, measured. Peak: the highest GPU peak of its steps ÷ the batch at once’s estimate. Activations: their highest in a profiled step, beside the reference. Step time: mean of its few timed steps ÷ “{baseline}” (the batch at once never ran on the GPU); a rough figure on a software GPU, with no interval. Weights: one SGD step at learning rate 1 from the same start on the same batch, on the CPU, against the batch at once; “the same” means within {tolerance} of the largest update.',
      run: 'Run',
      peak: 'Peak (÷ at-once estimate)',
      activations: 'Activations (reference)',
      step: 'Step time (÷ {baseline})',
      weights: 'Weights after 1 step',
      refusedCell: 'refused; estimate {bytes}',
      ratioCell: '{value} ({ratio})',
      baselineCell: '{value} (baseline)',
      activationsCell: '{measured} ({reference})',
      refusedActivations: 'estimate {bytes}',
      referenceMicro: '÷ {k}: {bytes}',
      referenceRecompute: '× {share}: {bytes}',
      referenceBoth: '÷ {k} × {share}: {bytes}',
      reference: 'the reference',
      same: 'the same gradients (max |Δ| {diff})',
      differs: 'differs: max |Δ| {diff}, {relative} of the largest update',
      checking: 'comparing…',
    },
  },
  view: {
    eyebrow: 'Lesson {n} · {title}',
    articleLabel: 'The article',
    referenceLabel: 'The reference',
    resultLabel: 'Result',
    why: 'Why?',
    plan: {
      label: 'What the run trains',
      expected: ': expected {bytes} to the GPU per step',
      refused: ': refused by the pre-flight under the smaller GPU, not trained',
      strategy: '{strategy} on {devices} devices, {steps} steps',
      armsHelp:
        'Batches of {shape}. Each in its own new worker and GPU device; two never train at the same time.',
      strategiesHelp:
        'Batches of {shape}, split into equal shards; every device is a worker with its own WebGPU device.',
    },
    progress: {
      notRun: 'Not run yet.',
      done: 'Done. The result is below.',
      failed: 'Failed: {message}',
      strategy: 'Training {strategy} on 2 devices ({n} of 3)…',
      starting: 'Starting…',
      compiling: 'Training “{arm}” ({n} of {total}) in its own worker: compiling GPU pipelines…',
      step: 'Training “{arm}” ({n} of {total}): step {step}, {timing}…',
      timed: { one: '{count} step timed from step {first}', other: '{count} steps timed from step {first}' },
      timingStarts: 'timing starts at step {first}',
      paired: 'paired rounds, blocks taking turns with its pair: {rounds} complete',
      gradients: 'Comparing one step of each arm with the batch at once, on the CPU…',
    },
    stop: 'Stop',
    theLesson: 'The lesson',
    pytorch: {
      button: 'Take it to PyTorch',
      help: "A runnable train.py for {what}, with BatchLab's initial weights and first batches.",
      ddp: 'DistributedDataParallel on {n} processes (torchrun)',
      single: '“{arm}”, one process',
      fit: '“{arm}”: an accumulation loop and torch.utils.checkpoint',
    },
    table: {
      run: 'Run',
      images: 'Images / step',
      masks: 'Masks / step',
      expected: 'Expected',
      expectedTitle: "the byte calculator's figure for this configuration",
      stepMeasured: 'Step time, measured',
      stepMeasuredTitle: 'mean of the timed steps: the step time the card quotes',
      waiting: 'Waiting for data',
      compute: 'Compute',
      samplesPerSec: 'Samples/s',
      timed: 'Timed',
      timedTitle: 'steps timed; timing starts at step {first}',
      timedCell: '{count} from step {first}',
      running: ' (running)',
    },
  },
};
