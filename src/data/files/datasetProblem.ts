/**
 * One thing wrong with a set of files, named by the file it concerns. `error` blocks a run on the set;
 * `warning` means a file is ignored or changed (an image with no mask, a mask resized); `notice` informs.
 * Pure types; no DOM. The file name is data, always shown as text.
 */
export type ProblemSeverity = 'error' | 'warning' | 'notice';

export interface DatasetProblem {
  severity: ProblemSeverity;
  /** The file's path as the browser gave it ('' for the set as a whole). */
  file: string;
  message: string;
}

export const hasErrors = (problems: readonly DatasetProblem[]): boolean =>
  problems.some((p) => p.severity === 'error');
