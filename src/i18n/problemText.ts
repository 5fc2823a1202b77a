/**
 * A link problem (config/urlCodec.ts: a key and coded parts) in a language's words: the parts filled and
 * joined, capped at MAX_MESSAGE characters. Parameters are used as the decoder wrote them (link text is
 * already echoed safely; numbers stay as a link writes them). Imports config types and constants only.
 */
import type { Problem } from '../config/urlCodec';
import { MAX_MESSAGE } from '../config/urlCodec';
import { fill } from './fill';
import type { Dictionary } from './types';

export function problemText(dict: Dictionary, problem: Problem): string {
  const text = problem.parts
    .map((p) => fill(dict.problems.codes[p.code], p.params))
    .join(dict.problems.separator);
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE - 1)}…` : text;
}
