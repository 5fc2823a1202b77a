/**
 * The PyTorch project as one zip: <folder>/train.py (the template filled from the checked settings),
 * <folder>/data.npz, <folder>/weights.npz, <folder>/README.md. The caller supplies the engine's initial
 * weights and the raw first batches (built with rawBatchConfig); everything else happens here. Pure.
 */
import template from './train.py.template?raw';
import type { PyTorchExportRequest } from '../../config/pytorchExport';
import type { TrainConfig } from '../../config/trainConfig';
import type { HostBatch } from '../../data/hostBatch';
import { pytorchData } from './dataFile';
import { fillTemplate } from './fillTemplate';
import { projectConfigOf, scriptLiterals, type PyTorchProjectConfig } from './projectConfig';
import { projectReadme } from './projectReadme';
import { npzBytes } from './npy';
import { pytorchWeights, type ExportedVariable } from './weightsFile';
import { zipStore } from './zipStore';

/** The script's text for a project's settings. */
export function trainScript(project: PyTorchProjectConfig): string {
  return fillTemplate(template, scriptLiterals(project));
}

/**
 * The config the exported batches are built with: the run's samples (same seed, size, augmentation,
 * blur, source scale) stored raw, uint8 images normalized in the model and uint8 masks; the script's
 * Dataset makes the configured storage dtypes from these bytes.
 */
export function rawBatchConfig<C extends TrainConfig>(config: C): C {
  return { ...config, imageDtype: 'uint8', normalizeOn: 'model', uploadPath: 'packed', maskDtype: 'uint8' };
}

export interface PyTorchProjectInput {
  config: TrainConfig;
  request: PyTorchExportRequest;
  /** The U-Net's initial variables for `config` (createUNetForConfig), in creation order. */
  variables: readonly ExportedVariable[];
  /** Batches 0 … n−1 built with rawBatchConfig(config). */
  batches: readonly HostBatch[];
  /** Top folder inside the zip: a slug such as the download's name without `.zip`. */
  folder: string;
}

export interface PyTorchProject {
  project: PyTorchProjectConfig;
  files: { name: string; bytes: Uint8Array }[];
  zip: Uint8Array;
}

export function buildPyTorchProject(input: PyTorchProjectInput): PyTorchProject {
  const project = projectConfigOf(input.config, input.request);
  if (input.batches.length !== project.exportedBatches) {
    throw new Error(`expected ${project.exportedBatches} batches, got ${input.batches.length}`);
  }
  const raw = rawBatchConfig(input.config);
  input.batches.forEach((b, i) => {
    if (b.batchSize !== raw.batchSize || b.heightPx !== raw.imageSizePx || b.channels !== raw.channels) {
      throw new Error(`batch ${i} does not have the config's shape`);
    }
  });
  const text = new TextEncoder();
  const readme = projectReadme(project, input.folder);
  const files = [
    { name: 'train.py', bytes: text.encode(trainScript(project)) },
    { name: 'README.md', bytes: text.encode(readme) },
    { name: 'data.npz', bytes: npzBytes(pytorchData(input.batches)) },
    { name: 'weights.npz', bytes: npzBytes(pytorchWeights(project, input.variables)) },
  ];
  const zip = zipStore(files.map((f) => ({ name: `${input.folder}/${f.name}`, bytes: f.bytes })));
  return { project, files, zip };
}
