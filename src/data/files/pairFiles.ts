/**
 * Pairs images with masks by file name (the rule is config/ownImages.ts's): which file is a mask, the stem
 * both share, and the problems of files that do not pair. Works on names and sizes only, so 10,000 files
 * pair in milliseconds and nothing is read. Pure; no DOM.
 */
import { IMAGE_EXTENSIONS, MASK_EXTENSIONS, MASK_FOLDERS, MASK_SUFFIXES } from '../../config/ownImages';
import type { OwnImageProblem } from '../../config/ownImageProblems';
import type { DatasetProblem } from './datasetProblem';

export interface FileEntry {
  /** Path relative to the chosen folder (webkitRelativePath) or the bare file name. */
  path: string;
  sizeBytes: number;
}

export interface FilePair {
  /** The shared stem, e.g. `cat` for `cat.jpg` + `masks/cat.png`. */
  stem: string;
  /** Indices into the entries given to pairFiles. */
  image: number;
  mask: number;
}

interface Named {
  index: number;
  dirs: string[];
  stem: string;
  ext: string;
}

function split(path: string, index: number): Named {
  const parts = path.split(/[\\/]/);
  const name = parts.pop() ?? '';
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return { index, dirs: parts.map((d) => d.toLowerCase()), stem, ext };
}

/** The stem a mask pairs on (its suffix removed), or null when the file is not a mask by the rule. */
function maskStem(n: Named): string | null {
  const lower = n.stem.toLowerCase();
  const suffix = MASK_SUFFIXES.find((s) => lower.endsWith(s) && lower.length > s.length);
  if (suffix) return n.stem.slice(0, n.stem.length - suffix.length);
  if (n.dirs.some((d) => (MASK_FOLDERS as readonly string[]).includes(d))) return n.stem;
  return null;
}

const isOneOf = (ext: string, list: readonly string[]) => list.includes(ext);

export function pairFiles(entries: readonly FileEntry[]): { pairs: FilePair[]; problems: DatasetProblem[] } {
  const problems: DatasetProblem[] = [];
  const images = new Map<string, number>();
  const masks = new Map<string, number>();
  const warn = (index: number, problem: OwnImageProblem) =>
    problems.push({ severity: 'warning', file: entries[index]!.path, problem });
  entries.forEach((entry, index) => {
    const n = split(entry.path, index);
    const stem = maskStem(n);
    const isMask = stem !== null;
    if (isMask && !isOneOf(n.ext, MASK_EXTENSIONS)) {
      warn(index, isOneOf(n.ext, IMAGE_EXTENSIONS) ? { code: 'maskNotPng' } : { code: 'notImage' });
      return;
    }
    if (!isMask && !isOneOf(n.ext, IMAGE_EXTENSIONS)) {
      warn(index, { code: 'notImage' });
      return;
    }
    const key = isMask ? stem : n.stem;
    const table = isMask ? masks : images;
    const first = table.get(key);
    if (first !== undefined) {
      warn(index, { code: 'duplicate', other: entries[first]!.path });
      return;
    }
    table.set(key, index);
  });
  const pairs: FilePair[] = [];
  for (const [stem, image] of images) {
    const mask = masks.get(stem);
    if (mask === undefined) warn(image, { code: 'imageWithoutMask', stem });
    else pairs.push({ stem, image, mask });
  }
  for (const [stem, mask] of masks) if (!images.has(stem)) warn(mask, { code: 'maskWithoutImage' });
  // A stable order whatever order the browser listed the files in: by stem, then by path.
  pairs.sort((a, b) => (a.stem < b.stem ? -1 : a.stem > b.stem ? 1 : a.image - b.image));
  return { pairs, problems };
}
