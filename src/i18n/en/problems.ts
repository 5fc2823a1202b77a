/** English: what the link decoder and the config repair report (codes: config/problems.ts). */
import type { ProblemCode } from '../../config/problems';

const codes = {
  belowMin: '{raw} is below {min}',
  aboveMax: '{raw} is above {max}',
  notNumber: 'not a number: {raw}',
  notWholeNumber: 'not a whole number: {raw}',
  notMultiple: '{raw} is not a multiple of {multiple}',
  listLength: 'needs 1 to {max} comma-separated numbers: {raw}',
  notNumberList: 'not a number list: {raw}',
  listOutside: '{raw} has values outside {min}–{max}',
  notOneOf: '{raw} is not {choices}',
  badKeyEncoding: 'key is not valid percent-encoding',
  badValueEncoding: 'value is not valid percent-encoding',
  keyRepeated: 'key repeated; the first value is used',
  unknownKey: 'unknown key',
  ignored: 'ignored',
  usingValue: 'using {value}',
  notRunning: 'not running',
  noProfile: 'no profile',
  unknownHideKeys: 'unknown keys ignored: {raw}',
  moreProblems: 'and {count} more problems',
  unreadableLink: 'link could not be read; defaults used',
  linkTooLong: 'link too long ({length} > {max} characters); defaults used',
  unknownVersion: 'unknown version {raw}; read as v={version}',
  unrepairable: 'settings could not be repaired; defaults used',
  uint8NormalizesInModel: 'uint8 storage normalizes in the model: using {value}',
  uint8CannotHoldNormalized: 'uint8 cannot hold normalized values: using {value}',
  tfTensorUint8Only: 'the tf.tensor path applies to uint8 only: using {value}',
  statsLength: "needs {channels} value(s) for {channels} channel(s), got {got}: using the dataset's {values}",
  sourceSideMax: 'the source side is at most {maxPx} px: using {value}',
  sweepSyntax: '{raw} is not <setting>:<values>, e.g. b:1,2,4',
  sweepSetting: '{raw} is not a setting a sweep varies ({keys})',
  sweepAutoOnly: 'auto doubles {keys} only, not {key}',
  noSweep: 'no sweep',
  sweepTooMany: 'more than {max} values; the first {max} are used',
  dropped: 'dropped',
  repeatedOnce: '{value} repeated; kept once',
  noUsableValue: 'no usable value',
  filesNotInLink: 'own images are never in a link: using the synthetic shapes',
} satisfies Record<ProblemCode, string>;

export const problems = {
  banner: {
    one: 'This link had a problem; BatchLab ignored or corrected it:',
    other: 'This link had {count} problems; BatchLab ignored or corrected them:',
  },
  dismiss: 'Dismiss',
  /** Between the parts of one problem. */
  separator: '; ',
  codes,
};
