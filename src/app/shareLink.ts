/**
 * The shareable link of the page's current experiment: origin and path of this page, then the hash that
 * urlCodec writes for the config, the comparison's B overrides and the hidden controls, plus `run=1` when
 * the sharer wants the link to start training (it then starts only if it fits the opener's device). The
 * page's search string is left out on purpose: it carries debug flags (`?testHooks=1`,
 * `?skipPreflight=1`) that a shared link must not pass on.
 */
import type { TrainConfig } from '../config/trainConfig';
import { encodeConfigToHash } from '../config/urlCodec';

export interface ShareLinkState {
  config: TrainConfig;
  compareOverrides: Partial<TrainConfig> | null;
  hiddenControls: readonly string[];
}

/** `base` is the page's origin + path, e.g. `https://example.org/batchlab/`. */
export function buildShareLink(state: ShareLinkState, base: string, runOnOpen: boolean): string {
  const hash = encodeConfigToHash(state.config, {
    hide: [...state.hiddenControls],
    ...(state.compareOverrides ? { b: state.compareOverrides } : {}),
    run: runOnOpen,
  });
  return `${base}${hash}`;
}

/** This page's origin + path (no search, no hash). */
export function pageBase(): string {
  return `${window.location.origin}${window.location.pathname}`;
}
