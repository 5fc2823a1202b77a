/**
 * The datasets read from files, as the page shows them: the user's own images and the "photos" preset
 * (config/datasetView.ts). The Files never enter the store: src/app indexes them and keeps them, through a
 * DatasetController attached at boot; the store holds only what the Dataset panel draws and the one rule
 * that a run on a file dataset cannot start while it has errors.
 */
import { create } from 'zustand';
import { EMPTY_DATASET_VIEW, type DatasetView } from '../config/datasetView';
import type { DatasetBlock } from '../config/ownImageProblems';
import type { DataSource } from '../config/trainConfig';

interface DatasetController {
  /** Indexes these files as the user's dataset (replacing any before). */
  loadFiles(files: readonly File[]): void;
  /** Maps a mask colour to a class. */
  setPaletteClass(rgb: number, classId: number): void;
  /** Reads masks that leave the mode open as class indices or as colours. */
  setMaskMode(mode: 'indices' | 'colours'): void;
}

/** The controller's actions are the store's own, forwarded to it once attached. */
export interface DatasetState extends DatasetController {
  files: DatasetView;
  photos: DatasetView;
  controller: DatasetController | null;
  attachController(controller: DatasetController): void;
}

export const useDatasetStore = create<DatasetState>()((set, get) => ({
  files: EMPTY_DATASET_VIEW,
  photos: EMPTY_DATASET_VIEW,
  controller: null,
  attachController: (controller) => set({ controller }),
  loadFiles: (files) => get().controller?.loadFiles(files),
  setPaletteClass: (rgb, classId) => get().controller?.setPaletteClass(rgb, classId),
  setMaskMode: (mode) => get().controller?.setMaskMode(mode),
}));

/** Why a run on `source` cannot start now, as a code (ui/ words it); null when it can (synthetic data always can). */
export function datasetBlocker(
  source: DataSource,
  state: Pick<DatasetState, 'files' | 'photos'>,
): DatasetBlock | null {
  if (source === 'synthetic') return null;
  const view = state[source];
  if (view.status !== 'ready') return { code: source === 'photos' ? 'photosNotReady' : 'noFilesLoaded' };
  const errors = view.problems.filter((p) => p.severity === 'error');
  const first = errors[0];
  if (first === undefined) return null;
  return { code: 'datasetBroken', errors: errors.length, file: first.file, first: first.problem };
}
