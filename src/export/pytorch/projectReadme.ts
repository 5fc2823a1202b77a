/**
 * The project's README.md: what the files are and the two commands that run it. Built from the checked
 * project settings (numbers and words from closed lists) and the folder name, checked to be a plain slug.
 * Pure.
 */
import { PYTORCH_STRATEGY_LABELS } from '../../config/pytorchExport';
import type { PyTorchProjectConfig } from './projectConfig';

const SLUG = /^[a-z0-9][a-z0-9-]{0,120}$/;

export function projectReadme(project: PyTorchProjectConfig, folder: string): string {
  if (!SLUG.test(folder)) throw new Error(`folder name not allowed: ${JSON.stringify(folder.slice(0, 40))}`);
  const n = project.strategy === 'ddp' ? project.processes : 2;
  const torchrunNote =
    project.strategy === 'ddp'
      ? `N = ${project.processes} processes, as exported; each takes ${project.batchSize / project.processes} of the batch of ${project.batchSize}.`
      : `DDP needs STRATEGY = "ddp" at the top of train.py (this export uses "${project.strategy}").`;
  return `# ${folder}

A BatchLab experiment exported to PyTorch: the same U-Net (depth ${project.depth}, width ${project.baseWidth}, ${project.numClasses} classes, ${project.imageSizePx} px), the same initial weights and the same first ${project.exportedBatches} batches as the browser run, trained with ${project.optimizer} at learning rate ${project.learningRate}, strategy: ${PYTORCH_STRATEGY_LABELS[project.strategy]}.

Needs Python 3 with PyTorch 1.13 or later and NumPy.

## Run it

One process (CUDA when present, else the CPU):

\`\`\`sh
python3 train.py
\`\`\`

Several processes with DistributedDataParallel, one per GPU (gloo on the CPU):

\`\`\`sh
torchrun --nproc-per-node=${n} train.py
\`\`\`

${torchrunNote}

Options: \`--steps N\` (default ${project.maxSteps}) and \`--log-dir DIR\` (per-process JSON: losses, bytes, a checksum of the weights after every step).

## When the batch does not fit

\`MICRO_BATCHES = ${project.microBatches}\`: gradient accumulation. Each step runs its batch as ${project.microBatches} equal micro-batch(es), calls backward on loss / ${project.microBatches} for each and makes one \`optimizer.step()\`: the same gradients, the activations of one micro-batch, and ${project.microBatches} smaller forward and backward passes instead of one.

\`RECOMPUTE = "${project.recompute}"\`: with "block", each U-Net block runs under \`torch.utils.checkpoint.checkpoint(block, x, use_reentrant=False)\`, which keeps only the block's input and recomputes its inside during backward: the same gradients, fewer activations, about one extra forward pass.

## Files

- \`train.py\`: the settings at the top as plain constants, then the Dataset, the model, the strategy and the loop. Comments name the BatchLab lesson each part teaches.
- \`data.npz\`: \`images\` uint8 [samples, ${project.channels}, ${project.imageSizePx}, ${project.imageSizePx}] and \`masks\` uint8 [samples, ${project.imageSizePx}, ${project.imageSizePx}], batch i = samples i·${project.batchSize} … i·${project.batchSize} + ${project.batchSize - 1}; the Dataset turns them into ${project.imageDtype} images and ${project.maskDtype} masks.
- \`weights.npz\`: the initial weights, \`<layer>.weight\` [out, in, kh, kw] and \`<layer>.bias\` [out], float32.

On the CPU the first losses match BatchLab's within 1e-4. On a GPU, cuDNN sums in another order: the losses agree to a few decimals, not bit for bit.
`;
}
