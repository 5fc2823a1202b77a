/**
 * What the page shows about a dataset read from files (the user's or the "photos" preset), as plain data
 * the store holds and the Dataset panel draws: indexing progress, counts, the problems found (each naming
 * its file, shown as text), the mask mode and palette, and the measured mean / std. The Files themselves
 * stay in src/app; a link never carries any of this. Pure types; imports nothing of the layers.
 */
import type { OwnImageProblem } from './ownImageProblems';

export interface DatasetProblem {
  severity: 'error' | 'warning' | 'notice';
  /** The file's path as the browser gave it ('' for the set as a whole). */
  file: string;
  /** What is wrong, as a code and its figures (worded by ui/). */
  problem: OwnImageProblem;
}

export const hasErrors = (problems: readonly DatasetProblem[]): boolean =>
  problems.some((p) => p.severity === 'error');

export interface DatasetView {
  status: 'empty' | 'indexing' | 'ready';
  /** Files read so far and in all, while indexing. */
  doneFiles: number;
  totalFiles: number;
  pairs: number;
  trainPairs: number;
  validationPairs: number;
  /** Problems for the current class count and palette. */
  problems: DatasetProblem[];
  /** How masks are read; null with no pairs, or while the masks leave it open and the user has not picked. */
  maskMode: 'indices' | 'colours' | null;
  /** The masks look like class indices but for a few values: the user picks the mode (maskMode). */
  maskModeAsked: boolean;
  /** Colour masks: each colour (0xRRGGBB) and its class; editable. */
  palette: { rgb: number; classId: number }[];
  /** Mean / std per channel measured on a sample of the images, and how many were decoded. */
  stats: {
    1: { mean255: number[]; std255: number[] };
    3: { mean255: number[]; std255: number[] };
    images: number;
  } | null;
  /** Total bytes of the paired files. */
  bytes: number;
}

export const EMPTY_DATASET_VIEW: DatasetView = {
  status: 'empty',
  doneFiles: 0,
  totalFiles: 0,
  pairs: 0,
  trainPairs: 0,
  validationPairs: 0,
  problems: [],
  maskMode: null,
  maskModeAsked: false,
  palette: [],
  stats: null,
  bytes: 0,
};
