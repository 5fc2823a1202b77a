/**
 * Indexes a set of the user's files before any run, lazily: pairing by name (no reading), then only the
 * first and last bytes of each paired file (format, pixel size, truncation), a chunk of files at a time with
 * a yield between chunks so the page stays responsive with 10,000 files; then a bounded number of masks are
 * decoded (mask mode, palette, class indices) and of images (mean / std per channel, decodability). The
 * rest is decoded only when a batch needs it. Nothing is copied: the dataset keeps the File objects.
 * No tfjs; the decoders are passed in (the browser's on the page, fakes in tests).
 */
import { INDEX_MASK_MAX_VALUE, OWN_IMAGE_LIMITS } from '../../config/ownImages';
import type { OwnImageProblem } from '../../config/ownImageProblems';
import { channelSums, type ChannelStats } from '../channelStats';
import type { DatasetProblem } from './datasetProblem';
import type { DecodeSquare, FilePairBlobs } from './fileDataset';
import { looksComplete, readImageHeader } from './imageHeader';
import {
  emptySurvey,
  greyValues,
  learntMaskMode,
  surveyMask,
  type MaskMode,
  type MaskSurvey,
} from './maskClasses';
import { pairFiles, type FileEntry } from './pairFiles';
import { pixelsFromRgba } from './fileSamples';

/** A file as the browser gives it (File is one). */
export interface InputFile extends Blob {
  readonly name: string;
  readonly webkitRelativePath?: string;
}

export interface DecodedFull {
  rgba: Uint8ClampedArray | Uint8Array;
  widthPx: number;
  heightPx: number;
}

export interface IndexDeps {
  /** Decodes a file at its own size (masks: every pixel is checked). */
  decodeFull(blob: Blob): Promise<DecodedFull>;
  /** Decodes a square crop at a given side (images sampled for mean / std). */
  decodeSquare: DecodeSquare;
  /** Lets the event loop run between chunks (the page's input, a Stop). */
  yieldNow(): Promise<void>;
  onProgress?(doneFiles: number, totalFiles: number): void;
}

/** What indexing learnt; class checks depend on the class count and are derived by problemsFor(). */
export interface FileIndex {
  pairs: FilePairBlobs[];
  /** Problems that do not depend on settings (pairing, formats, sizes, truncation, decoding). */
  problems: DatasetProblem[];
  /** Masks decoded, with the distinct grey values each holds (null if not grey): the class checks. */
  scannedMasks: { path: string; grey: number[] | null }[];
  survey: MaskSurvey;
  /** Mean / std per channel (1 and 3 channels) over up to statsSampleMax images; null if none decoded. */
  stats: { 1: ChannelStats; 3: ChannelStats; images: number } | null;
  /** All files given, for the summary. */
  fileCount: number;
}

const pathOf = (f: InputFile) => (f.webkitRelativePath ? f.webkitRelativePath : f.name);
const errorAt = (file: string, problem: OwnImageProblem): DatasetProblem => ({
  severity: 'error',
  file,
  problem,
});
const reasonOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

async function readBytes(blob: Blob, start: number, end: number): Promise<Uint8Array> {
  return new Uint8Array(await blob.slice(start, end).arrayBuffer());
}

/** Checks one file's header and end; returns its problem, or its size when the header says. */
async function checkFile(
  file: InputFile,
  mustBePng: boolean,
): Promise<{ problem: DatasetProblem } | { problem: null; widthPx: number | null; heightPx: number | null }> {
  const error = (problem: OwnImageProblem) => ({ problem: errorAt(pathOf(file), problem) });
  let head: Uint8Array;
  let tail: Uint8Array;
  try {
    head = await readBytes(file, 0, OWN_IMAGE_LIMITS.headBytes);
    tail = await readBytes(file, Math.max(0, file.size - OWN_IMAGE_LIMITS.tailBytes), file.size);
  } catch (e) {
    return error({ code: 'unreadable', reason: reasonOf(e) });
  }
  const header = readImageHeader(head);
  if (header === null || (mustBePng && header.format !== 'png')) return error({ code: 'corrupt' });
  if (!looksComplete(header.format, head, tail, file.size)) return error({ code: 'truncated' });
  const { widthPx, heightPx } = header;
  const maxMp = OWN_IMAGE_LIMITS.maxImageMegapixels;
  if (widthPx !== null && heightPx !== null && widthPx * heightPx > maxMp * 1e6) {
    return error({ code: 'tooLarge', widthPx, heightPx, maxMp });
  }
  return { problem: null, widthPx, heightPx };
}

export async function indexFiles(files: readonly InputFile[], deps: IndexDeps): Promise<FileIndex> {
  const entries: FileEntry[] = files.map((f) => ({ path: pathOf(f), sizeBytes: f.size }));
  const paired = pairFiles(entries);
  const problems: DatasetProblem[] = [...paired.problems];
  const pairs: FilePairBlobs[] = [];
  const total = paired.pairs.length * 2;
  let done = 0;
  const { indexChunkFiles } = OWN_IMAGE_LIMITS;
  for (let start = 0; start < paired.pairs.length; start += indexChunkFiles / 2) {
    const chunk = paired.pairs.slice(start, start + indexChunkFiles / 2);
    const checked = await Promise.all(
      chunk.map(async (p) => {
        const image = files[p.image]!;
        const mask = files[p.mask]!;
        return { p, image, mask, i: await checkFile(image, false), m: await checkFile(mask, true) };
      }),
    );
    for (const { p, image, mask, i, m } of checked) {
      if (i.problem) problems.push(i.problem);
      if (m.problem) problems.push(m.problem);
      if (i.problem || m.problem) continue;
      if (
        i.widthPx !== null &&
        m.widthPx !== null &&
        (i.widthPx !== m.widthPx || i.heightPx !== m.heightPx)
      ) {
        problems.push({
          severity: 'warning',
          file: pathOf(mask),
          problem: {
            code: 'sizeMismatch',
            image: `${i.widthPx}×${i.heightPx}`,
            mask: `${m.widthPx}×${m.heightPx}`,
          },
        });
      }
      pairs.push({ stem: p.stem, imagePath: pathOf(image), maskPath: pathOf(mask), image, mask });
    }
    done += chunk.length * 2;
    deps.onProgress?.(done, total);
    await deps.yieldNow();
  }

  const survey = emptySurvey();
  const scannedMasks: FileIndex['scannedMasks'] = [];
  const broken = new Set<number>();
  for (let k = 0; k < Math.min(pairs.length, OWN_IMAGE_LIMITS.maskScanMax); k++) {
    const pair = pairs[k]!;
    try {
      const { rgba } = await deps.decodeFull(pair.mask);
      const one = emptySurvey();
      surveyMask(one, rgba);
      surveyMask(survey, rgba);
      scannedMasks.push({ path: pair.maskPath, grey: greyValues(one) });
    } catch (e) {
      problems.push(errorAt(pair.maskPath, { code: 'decodeFailed', reason: reasonOf(e) }));
      broken.add(k);
    }
    if (k % 16 === 15) await deps.yieldNow();
  }
  if (pairs.length > OWN_IMAGE_LIMITS.maskScanMax) {
    problems.push({
      severity: 'notice',
      file: '',
      problem: { code: 'notScanned', scanned: OWN_IMAGE_LIMITS.maskScanMax, total: pairs.length },
    });
  }

  const grey = channelSums(1);
  const rgb = channelSums(3);
  let statImages = 0;
  const statSidePx = 64;
  for (let k = 0; k < pairs.length && statImages < OWN_IMAGE_LIMITS.statsSampleMax; k++) {
    const pair = pairs[k]!;
    try {
      const rgba = await deps.decodeSquare(pair.image, statSidePx, false);
      grey.add(pixelsFromRgba(rgba, 1));
      rgb.add(pixelsFromRgba(rgba, 3));
      statImages++;
    } catch (e) {
      problems.push(errorAt(pair.imagePath, { code: 'decodeFailed', reason: reasonOf(e) }));
      broken.add(k);
    }
  }
  const stats = statImages > 0 ? { 1: grey.stats(), 3: rgb.stats(), images: statImages } : null;
  return {
    pairs: pairs.filter((_, k) => !broken.has(k)),
    problems,
    scannedMasks,
    survey,
    stats,
    fileCount: files.length,
  };
}

/**
 * Every problem of an index under `numClasses` classes, its palette and the mode the user chose (read
 * only when the masks leave it open): settings-free ones + class checks.
 */
export function problemsFor(
  index: FileIndex,
  numClasses: number,
  palette: readonly { classId: number }[],
  chosenMode: MaskMode | null = null,
): DatasetProblem[] {
  const out = [...index.problems];
  const learnt = learntMaskMode(index.survey);
  const mode = learnt === 'ask' ? chosenMode : learnt;
  const error = (file: string, problem: OwnImageProblem) => out.push(errorAt(file, problem));
  if (mode === null) {
    for (const { path, grey } of index.scannedMasks) {
      const stray = grey?.filter((v) => v > INDEX_MASK_MAX_VALUE) ?? [];
      const indexValues = grey?.filter((v) => v <= INDEX_MASK_MAX_VALUE) ?? [];
      if (stray.length > 0) error(path, { code: 'strayMaskValues', indexValues, stray, numClasses });
    }
  } else if (mode === 'indices') {
    for (const { path, grey } of index.scannedMasks) {
      const maxGrey = grey?.at(-1) ?? 0;
      if (maxGrey >= numClasses) error(path, { code: 'classTooHigh', value: maxGrey, numClasses });
    }
  } else {
    const bad = palette.find((p) => p.classId >= numClasses);
    const colours = index.survey.colours.size;
    const problem: OwnImageProblem =
      colours > numClasses
        ? { code: 'tooManyColours', colours, numClasses }
        : { code: 'classTooHigh', value: bad?.classId ?? 0, numClasses };
    if (bad) error('', problem);
  }
  if (index.pairs.length === 0) error('', { code: 'noPairs' });
  else if (index.pairs.length < 2) error('', { code: 'tooFewPairs' });
  return out;
}
