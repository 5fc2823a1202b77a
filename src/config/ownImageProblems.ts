/**
 * What can be wrong with a set of your own image files, as codes with their figures (data/files/ finds
 * them, in the loader and the indexer, where no dictionary is read). Only ui/ words them, from the
 * dictionaries' `ownImages.problems` area (ui/dataset/datasetText.ts). File names travel as plain values
 * and are always rendered as React text, never as markup. Pure; imports nothing.
 */

/** One problem: its code and the figures its sentence needs. */
export type OwnImageProblem =
  | { code: 'notImage' }
  | { code: 'maskNotPng' }
  | { code: 'unreadable'; reason: string }
  | { code: 'corrupt' }
  | { code: 'truncated' }
  | { code: 'imageWithoutMask'; stem: string }
  | { code: 'maskWithoutImage' }
  | { code: 'duplicate'; other: string }
  | { code: 'tooLarge'; widthPx: number; heightPx: number; maxMp: number }
  | { code: 'sizeMismatch'; image: string; mask: string }
  | { code: 'classTooHigh'; value: number; numClasses: number }
  | { code: 'tooManyColours'; colours: number; numClasses: number }
  /** A grey mask whose values look like class indices but for `stray` ones: index or colour mode? */
  | { code: 'strayMaskValues'; indexValues: number[]; stray: number[]; numClasses: number }
  | { code: 'decodeFailed'; reason: string }
  | { code: 'noPairs' }
  | { code: 'tooFewPairs' }
  | { code: 'notScanned'; scanned: number; total: number };

export type OwnImageProblemCode = OwnImageProblem['code'];

/** Why a run on your own images or the photos cannot start now. */
export type DatasetBlock =
  | { code: 'photosNotReady' }
  | { code: 'noFilesLoaded' }
  /** `errors` errors in the set; the first named (its file '' for the set as a whole). */
  | { code: 'datasetBroken'; errors: number; file: string; first: OwnImageProblem };

export type DatasetBlockCode = DatasetBlock['code'];
