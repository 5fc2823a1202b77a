/**
 * The words of your own images' problems and of a dataset that blocks a run, from the dictionary's
 * `ownImages` area (src/i18n/{en,zh-CN}/ownImages.ts). File names are passed in as plain values and always
 * rendered as React text, never as markup. Pure.
 */
import { fill, plural } from '../../i18n/fill';
import type { DatasetBlock, OwnImageProblem } from '../../config/ownImageProblems';
import type { Dictionary } from '../../i18n/types';

/** Ascending values with their runs folded: [0, 1, 2, 5] → "0–2, 5". */
function valueRuns(values: readonly number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < values.length; ) {
    let j = i;
    while (j + 1 < values.length && values[j + 1] === values[j]! + 1) j++;
    runs.push(j > i ? `${values[i]}–${values[j]}` : `${values[i]}`);
    i = j + 1;
  }
  return runs.join(', ');
}

/** A problem found in the files (config/ownImageProblems.ts), in `t`'s words. */
export function ownImageProblemWords(t: Dictionary, problem: OwnImageProblem): string {
  const w = t.ownImages.problems;
  switch (problem.code) {
    case 'tooLarge': {
      const { widthPx, heightPx, maxMp } = problem;
      const mp = ((widthPx * heightPx) / 1e6).toFixed(1);
      return fill(w.tooLarge, { width: widthPx, height: heightPx, mp, maxMp });
    }
    case 'classTooHigh':
      return fill(w.classTooHigh, {
        value: problem.value,
        numClasses: problem.numClasses,
        maxClass: problem.numClasses - 1,
      });
    case 'strayMaskValues':
      return fill(w.strayMaskValues, {
        indexValues: valueRuns(problem.indexValues),
        stray: valueRuns(problem.stray),
        numClasses: problem.numClasses,
      });
    default:
      // Every other code's placeholders are its own fields' names.
      return fill(w[problem.code], { ...problem });
  }
}

/** Why no run starts on the dataset (state/datasetStore's datasetBlocker), in `t`'s words. */
export function datasetBlockWords(t: Dictionary, locale: string, block: DatasetBlock): string {
  const w = t.ownImages.problems;
  if (block.code !== 'datasetBroken') return w[block.code];
  const first = ownImageProblemWords(t, block.first);
  const head = fill(plural(locale, block.errors, w.datasetBroken), { count: block.errors });
  return `${head} ${block.file ? `${block.file}: ` : ''}${first}`;
}
