/**
 * English: the Playground's panels — data path, loader workers, run export and the PyTorch project, links
 * and presets.
 */
export const panels = {
  dataPath: {
    title: 'Data path: what crosses to the GPU',
    help: "A float32 pixel is 4 bytes; a uint8 pixel is 1. Keep images as uint8 on the host and over the bus, and let the model's first layer cast and normalize them on the GPU: the batch that crosses shrinks 4×. TensorFlow.js has no uint8 tensor — {code} silently becomes int32, 4 bytes each — so BatchLab uploads the packed bytes itself and unpacks them in a WGSL shader. Only WebGPU can do that here; on {others} every path is widened to 4 bytes.",
    otherBackends: 'other backends',
    caption: 'Batch {batch} × {size}×{size}×{channels}, {mask} masks, on {backend}',
    columns: {
      mode: 'Mode',
      host: 'Host batch',
      toGpu: 'To GPU / step',
      gpuInput: 'GPU input tensors',
      vsFloat32: 'vs float32',
    },
    current: ' (current)',
    modes: {
      'f32-loader': 'float32, normalize in loader',
      'f32-model': 'float32, normalize in model',
      'f16-loader': 'float16, normalize in loader',
      'f16-model': 'float16, normalize in model',
      'u8-packed': 'uint8 packed, normalize in model',
      'u8-tftensor': 'uint8 via tf.tensor (widened to int32)',
    },
    measuredLast: 'Measured last step: {value}',
    measuredValue: '{bytes} handed to the GPU (formula: {formula})',
    startToMeasure: 'start training to measure',
    lessonMeasured:
      'Measured by lesson 1 (batch {batch} × {size}×{size}×{channels}), bytes handed to the GPU per step:',
    lessonArm: '{arm}: {bytes}',
    lessonFormula: ' (formula: {bytes})',
    showArticle: 'Show the article example (32×512×512×3)',
    hideArticle: 'Hide the article example',
    article:
      'PyTorch, 32 RGB images of 512×512 with a class mask: float32 images + int64 masks = {float}; uint8 images + uint8 masks = {uint8} ({ratio} less).',
    articleCaption: 'The same batch in this browser ({backend}), uint8 masks',
    articleHelp:
      'These are computed, not run: a 32×512×512 batch is far beyond what a software GPU trains in reasonable time, and may not fit a small GPU.',
    stats: {
      label: 'Mean / std',
      dataset: 'measured on this dataset',
      article: "the article's (0.221·255 / 0.242·255)",
      help: 'mean {mean} · std {std} (0–255 scale). The Normalize layer keeps them on the GPU as constant tensors.',
    },
    verify: {
      button: 'Verify that every path feeds the same numbers',
      checking: 'Checking…',
      caption:
        'Batch 0 through each path on {backend}, against a CPU reference; uncaptured GPU errors: {errors}',
      path: 'Path',
      maxError: 'max |error|',
      tolerance: 'tolerance',
      firstLoss: 'first loss',
      imageBytes: 'image bytes to GPU',
    },
  },
  loader: {
    title: 'Loader workers',
    batchOnHost: 'One batch on the host',
    mostHeld: 'Most held: workers × prefetch × batch bytes',
    noWorkers: 'none: with 0 workers each batch is built when the step asks for it',
    measured: 'Measured in flight at the latest step',
    waiting: 'GPU waiting for data at the latest step',
    building: 'Building its batch (one core)',
    bytes: '{exact} ({short})',
    held: '{bytes} = {batches}',
    batches: { one: '{n} batch', other: '{n} batches' },
    waitOfStep: '{wait} of a {step} step ({percent} %)',
    buildKeepUp: '{build}; upload + compute took {train}, so {workers} would keep up',
    workersOwnCores: { one: '{n} worker on its own core', other: '{n} workers on their own cores' },
    coresNote:
      '. This browser reports {cores} cores, and a software GPU computes on them too: more workers than cores take time from the training itself.',
    showArticle: 'Show the article’s example',
    hideArticle: 'Hide the article’s example',
    article:
      'The article’s batch, 32 RGB images of 512×512 px with a per-pixel class mask, held by {workers} with prefetch {prefetch}:',
    workers: { one: '{n} worker', other: '{n} workers' },
    articleFloat: 'float32 image + int64 mask: {workers} × {prefetch} × {batch} = {held}',
    articleUint8: 'uint8 image + uint8 mask: {workers} × {prefetch} × {batch} = {held}, {ratio}× less',
  },
  export: {
    title: 'Export the run',
    help: 'JSON holds the config and every step; CSV has one row per step.',
    savedData: 'Saved {name} ({count} steps).',
    saved: 'Saved {name}.',
    failed: 'Export failed: {error}',
    pytorch: {
      title: 'PyTorch project',
      strategy: 'Strategy',
      processes: 'GPUs or processes',
      button: 'Export → PyTorch',
      help: 'A zip with train.py, the initial weights and the first batches: python3 train.py, or torchrun --nproc-per-node=N train.py.',
      strategies: {
        single: 'one device',
        'dp-gather': 'DataParallel, outputs gathered on device 0',
        'dp-loss-in-forward': 'DataParallel, loss inside forward',
        ddp: 'DistributedDataParallel (torchrun)',
      },
      refusals: {
        tfTensorTrap:
          "the 'uint8 via tf.tensor' upload is a TensorFlow.js trap (tfjs widens a Uint8Array to int32, 4 B per value); PyTorch moves a uint8 tensor at 1 B per value, so the script would show a quarter of this run's bytes. Choose the packed upload to export.",
        filesStayHere:
          "the exported data file holds BatchLab's seeded synthetic shapes; images from files (yours, or the photos drawn in this page) stay in this browser and are not written into the project. Choose the synthetic shapes to export.",
        unknownStrategy: 'unknown strategy',
        processesRange: 'between {min} and {max} GPUs or processes',
        singleProcess: 'one device means one process',
        uneven: 'a batch of {batch} does not split into {processes} equal shards',
        batchesRange: 'between {min} and {max} batches',
        dataFileTooBig:
          "{batches} batches of raw samples take {bytes} B, over the data file's limit of {limit} B ({fit} would fit)",
        dataFileTooBigNoFit:
          "{batches} batches of raw samples take {bytes} B, over the data file's limit of {limit} B; lower the batch size or the image size",
      },
      refused: 'Not exported: PyTorch cannot reproduce this experiment exactly.',
      building: 'Building the PyTorch project (initial weights, batches, zip)…',
      saved: 'Saved {name} ({bytes} B). Unzip it, then run python3 train.py.',
      failed: 'Export failed: {error}',
    },
  },
  links: {
    title: 'Links and presets',
    presets: 'Presets',
    presetsHelp:
      'Each preset is a link: A is the experiment, B the comparison it teaches (run it under “Compare A and B”).',
    stopToSwitch: ' Stop the run to switch presets.',
    currentPreset: ' (current)',
    copy: 'Copy link',
    copied: 'Copied ✓',
    copyEmbed: 'Copy embed code',
    embedTitle: 'BatchLab: {title}',
    copiedEmbedStatus: 'Embed code copied: an <iframe> of {width} × {height} px to paste into a page.',
    fallbackEmbed: 'The clipboard is not available here; copy the embed code from this field:',
    runOnOpen: 'start training when opened (run=1)',
    copiedStatus: 'Link copied. It opens exactly this experiment.',
    copiedStatusRun: 'Link copied. It opens exactly this experiment and starts it if it fits the device.',
    fallback: 'The clipboard is not available here; copy the link from this field:',
  },
  presets: {
    article: {
      title: 'The article: uint8 + GPU normalize vs float32 + loader normalize',
      lesson:
        'Keeping images and masks as uint8 and normalizing in the model on the GPU makes each batch four times smaller than float32 images normalized by the loader with int32 masks.',
    },
    'int32-trap': {
      title: 'The int32 trap: tf.tensor(Uint8Array) vs packed bytes',
      lesson:
        'tf.tensor(Uint8Array) silently widens uint8 images to int32, so the naive upload moves four times the bytes of the packed path.',
    },
    'starving-gpu': {
      title: 'A starving GPU: expensive batches, no workers',
      lesson:
        'With no workers, large source images (512 px, blurred, cropped and rescaled to 16 px) keep the GPU waiting for every batch of a tiny model; two loader workers build batches in parallel while it trains.',
    },
    'software-gpu': {
      title: 'A software GPU: the tiniest U-Net',
      lesson:
        'A 16 px batch of two through a two-level U-Net four filters wide trains even on a software GPU, here compared with the plain CPU backend.',
    },
    float16: {
      title: 'float16 storage: normalize in the model vs in the loader',
      lesson:
        'float16 storage halves the bytes of float32 and holds raw 0–255 pixels exactly, so normalizing in the model or in the loader moves the same bytes.',
    },
    'onehot-masks': {
      title: 'One-hot float32 masks vs uint8 class indices',
      lesson:
        'A one-hot float32 mask costs four bytes per class per pixel, while a uint8 class index costs one byte per pixel and is expanded on the GPU.',
    },
  },
};
