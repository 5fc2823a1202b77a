/**
 * What the link decoder and the config repair can report, as codes with parameters: the words live in each
 * language's dictionary (src/i18n, `problems`), so the same problem reads in the page's language. A problem
 * is one or more parts read in order ("not a number: "x"" then "using 32"). Parameters that echo link text
 * are already safe (valueCodecs' `echo`: control and bidi characters replaced, length capped).
 * Pure; imports nothing.
 */
export const PROBLEM_CODES = [
  'belowMin',
  'aboveMax',
  'notNumber',
  'notWholeNumber',
  'notMultiple',
  'listLength',
  'notNumberList',
  'listOutside',
  'notOneOf',
  'badKeyEncoding',
  'badValueEncoding',
  'keyRepeated',
  'unknownKey',
  'ignored',
  'usingValue',
  'notRunning',
  'noProfile',
  'unknownHideKeys',
  'moreProblems',
  'unreadableLink',
  'linkTooLong',
  'unknownVersion',
  'unrepairable',
  'uint8NormalizesInModel',
  'uint8CannotHoldNormalized',
  'tfTensorUint8Only',
  'statsLength',
  'sourceSideMax',
  'microBatchesSplit',
  'batchForMicroBatches',
  // A sweep's link value (`sw=`, config/sweep.ts).
  'sweepSyntax',
  'sweepSetting',
  'sweepAutoOnly',
  'noSweep',
  'sweepTooMany',
  'dropped',
  'repeatedOnce',
  'noUsableValue',
  // Own images (`data=files`) cannot travel in a link.
  'filesNotInLink',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

/** One sentence of a problem: its code and the values its words name. */
export interface ProblemPart {
  readonly code: ProblemCode;
  readonly params?: Readonly<Record<string, string | number>>;
}

export const part = (code: ProblemCode, params?: Readonly<Record<string, string | number>>): ProblemPart =>
  params ? { code, params } : { code };
