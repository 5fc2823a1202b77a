/** English: the page frame — header, language switch, view tabs, backend line, run controls, figures. */
import type { SectionId } from '../../config/views';

export const app = {
  documentTitle: 'BatchLab — what tensor sizes do to training',
  tagline: 'See what tensor sizes do to training, measured in your browser.',
  langSwitchLabel: 'Language',
  /** Each language's name, written in that language (the switch shows them so). */
  langNames: { en: 'English', 'zh-CN': '简体中文' },
  /** The same, short, for a phone's header. */
  langShort: { en: 'EN', 'zh-CN': '中文' },
  navLabel: 'Lessons and playground',
  /** The view menu's button on a phone, beside the current view's name. */
  viewMenu: 'Views',
  openInBatchLab: 'Open in BatchLab ↗',
  playground: 'Playground',
  /** The Playground's sections under its first screen (config/views.ts), one open at a time. */
  sections: {
    label: 'More of the Playground',
    names: {
      settings: 'All settings',
      details: 'Run details',
      dataset: 'Dataset',
      datapath: 'Data path',
      loader: 'Loader',
      profile: 'Profile',
      finder: 'Largest batch',
      compare: 'Compare A/B',
      parallel: 'Several GPUs',
      export: 'Export',
      links: 'Links',
    } satisfies Record<SectionId, string>,
  },
  backend: {
    looking: 'Looking for a GPU…',
    /** The header's backend badge: its name, and what a tap on it shows. */
    badgeLabel: 'Backend {backend}: show details',
    line: 'Backend {backend} on {adapter}',
    software:
      'This is a software GPU (no hardware acceleration): steps are 100–1000× slower than on a real GPU, so sizes start small.',
    fallback:
      'WebGPU is not available here, so BatchLab trains on {backend}. Why: {reasons}. Packed uint8/float16 uploads need WebGPU; on {backend} they are widened to 4 bytes per value, and the byte counts say so.',
    otherChosen: 'another backend was chosen',
  },
  run: {
    label: 'Run',
    start: 'Start',
    stop: 'Stop',
    reset: 'Reset',
    reload: 'Reload',
    progress: 'Step {step} · loss {loss} · {samplesPerSec} samples/s',
    finished: 'Finished {n} steps.',
    autoStartRefused:
      'This link asked to start training (run=1), but the pre-flight check says its config does not fit this device, so it did not start.',
    workerCrashed: 'the training worker crashed: {error}; it was restarted',
    blocked: 'Start is disabled: the pre-flight check says this config does not fit this device.',
    status: {
      booting: 'Starting the training backend…',
      idle: 'Ready.',
      running: 'Training…',
      stopped: 'Stopped.',
      failed: 'The run stopped with an error.',
      'device-lost': 'The GPU device was lost.',
    },
  },
  metrics: {
    title: 'Training',
    step: 'Step',
    stepWithModel: '{page} (model: {model})',
    loss: 'Loss',
    accuracy: 'Pixel accuracy',
    iou: 'Mean IoU',
    stepTime: 'Step time',
    samplesPerSec: 'Samples/s',
    kernelsPerStep: 'Kernels / step',
    bytesToGpu: 'Bytes to GPU / step',
    gpuInUse: 'GPU memory in use',
    gpuPeak: 'GPU peak in the step',
    gpuPool: 'GPU pool (allocated)',
    liveTensors: 'Live tensors',
    naOnCpu: 'n/a on cpu',
    noGpuOnCpu: 'no GPU on cpu',
    notMeasured: 'not measured here',
    memoryHelp:
      "In use: GPU bytes held between steps. Peak: the most held at any moment inside the last step (forward, backward, optimizer). Pool: what TensorFlow.js's allocator keeps, freed buffers included, for reuse.",
  },
  preview: {
    title: 'Predictions on fixed validation samples',
    after: 'After step {step}. Columns: input, ground truth, prediction.',
    legend: 'Class colours',
    kinds: { image: 'input', truth: 'ground truth', prediction: 'prediction' },
    canvasLabel: '{kind} {n}',
    classes: ['background', 'disc', 'square', 'triangle', 'ring', 'stripes'],
    classN: 'class {k}',
    empty: 'Start training to see predictions.',
  },
  charts: {
    title: 'Live charts',
    help: 'x is the step on this page, counted across runs. Dashed lines mark each Start after the first, labelled with what changed; hover near one to read it in full.',
    off: 'Live charts are off for this page (charts=off in its address).',
  },
};
