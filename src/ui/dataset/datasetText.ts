/**
 * The Dataset panel's words (ui/dataset/, PreviewPanel), in one place: the dictionary's `ownImages.panel`
 * area (src/i18n/{en,zh-CN}/ownImages.ts) read in the page's language, with small functions for the strings
 * with numbers. File names are passed in as plain values and always rendered as React text, never as markup.
 * Imports i18n and state (the language) only.
 */
import { LOCALE_TAGS } from '../../i18n/dictionaries';
import { fill, plural } from '../../i18n/fill';
import { useAppStore } from '../../state/store';
import { en } from '../../i18n/en';
import { retranslate } from '../../i18n/retranslate';
import { liveWords } from '../i18n/liveWords';
import { currentText } from '../i18n/useText';

const W = liveWords((t) => t.ownImages.panel);
const locale = (): string => LOCALE_TAGS[useAppStore.getState().lang];

export const DATASET_TEXT = {
  get legend() {
    return W.legend;
  },
  get sourceLabel() {
    return W.sourceLabel;
  },
  get sources() {
    return W.sources;
  },
  get privacy() {
    return W.privacy;
  },
  get dropHint() {
    return W.dropHint;
  },
  get pickFiles() {
    return W.pickFiles;
  },
  get pickFolder() {
    return W.pickFolder;
  },
  get rule() {
    return W.rule;
  },
  indexing: (done: number, total: number) => fill(W.indexing, { done, total }),
  summary: (pairs: number, train: number, validation: number) =>
    fill(W.summary, { pairs, train, validation }),
  get maskMode() {
    return W.maskMode;
  },
  paletteClass: (hex: string) => fill(W.paletteClass, { hex }),
  paletteTooLong: (colours: number) => fill(W.paletteTooLong, { colours }),
  problemsTitle: (count: number) => fill(plural(locale(), count, W.problemsTitle), { count }),
  moreProblems: (count: number) => fill(W.moreProblems, { count }),
  get blocked() {
    return W.blocked;
  },
  photosSummary: (count: number, bytes: string) => fill(W.photosSummary, { count, bytes }),
  get severity() {
    return W.severity;
  },
  classOfFiles: (k: number) => fill(W.classOfFiles, { k }),
  statsMeasured: (count: number) => fill(W.statsMeasured, { count }),
};

/** A problem the indexer or a loader wrote in English (config/ownImagesText.ts), in the page's language. */
export const datasetProblemWords = (message: string): string =>
  retranslate(message, en.ownImages.problems, currentText().ownImages.problems);
