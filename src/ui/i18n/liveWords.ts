/**
 * An area of the dictionary that always reads in the store's language: `const W = liveWords((t) => t.sweeps)`
 * then `W.run` anywhere a component renders (helpers outside the component included). A component that
 * reads it re-renders on a change of language because App, above every view, reads the language and
 * re-renders its tree. Prefer `useText()` in new code; this keeps a feature's one text module (its names
 * and functions) while its words come from the dictionary.
 */
import type { Dictionary } from '../../i18n/types';
import { currentText } from './useText';

export function liveWords<T extends object>(pick: (t: Dictionary) => T): T {
  return new Proxy({} as T, {
    get: (_target, key) => (pick(currentText()) as Record<string | symbol, unknown>)[key],
    has: (_target, key) => key in pick(currentText()),
    ownKeys: () => Reflect.ownKeys(pick(currentText())),
    getOwnPropertyDescriptor: (_target, key) => {
      const value = (pick(currentText()) as Record<string | symbol, unknown>)[key];
      return value === undefined
        ? undefined
        : { value, enumerable: true, configurable: true, writable: false };
    },
  });
}
