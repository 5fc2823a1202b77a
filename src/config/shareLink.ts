/**
 * The shareable link of an experiment: `base` (the page's origin + path) and the hash urlCodec writes for
 * the view, the language (when chosen), the config, the comparison's B overrides and the hidden controls, plus `run=1` when the sharer wants the
 * link to start training (it then starts only if it fits the opener's device). The page's search string is
 * never part of it: it carries debug flags (`?testHooks=1`, `?skipPreflight=1`) a shared link must not pass on.
 * Pure.
 */
import { changedKeys } from './fieldTable';
import type { Lesson } from './lessons';
import type { SweepSpec } from './sweep';
import type { TrainConfig } from './trainConfig';
import { EMBED_KEY, encodeConfigToHash, encodeFieldPairs, encodeHashHead } from './urlCodec';
import type { Lang } from './languages';
import type { SectionId, ViewId } from './views';

export interface ShareLinkState {
  view: ViewId;
  /** The language the link opens in; null: the opener's browser decides. */
  lang: Lang | null;
  config: TrainConfig;
  compareOverrides: Partial<TrainConfig> | null;
  hiddenControls: readonly string[];
  /** The Tradeoff view's sweep (`sw=`), travelling with the link; null when none. */
  sweep?: SweepSpec | null;
  /** The Playground's open section (`sec=`), travelling with the link; null when none. */
  section?: SectionId | null;
}

/** `base` is the page's origin + path, e.g. `https://example.org/batchlab/`. */
export function buildShareLink(state: ShareLinkState, base: string, runOnOpen: boolean): string {
  const hash = encodeConfigToHash(state.config, {
    view: state.view,
    lang: state.lang,
    hide: [...state.hiddenControls],
    ...(state.compareOverrides ? { b: state.compareOverrides } : {}),
    sweep: state.sweep ?? null,
    section: state.view === 'playground' ? (state.section ?? null) : null,
    run: runOnOpen,
  });
  return `${base}${hash}`;
}

/**
 * A lesson's link: its view, the language when chosen, and only the settings where `config` differs from
 * the lesson's configuration A (none when it runs as designed), never the Playground's settings.
 */
export function buildLessonShareLink(
  lesson: Pick<Lesson, 'id' | 'config'>,
  state: { lang: Lang | null; config: TrainConfig },
  base: string,
): string {
  const differs = Object.fromEntries(
    changedKeys(lesson.config, state.config).map((k) => [k, state.config[k]]),
  ) as Partial<TrainConfig>;
  const pairs = [...encodeHashHead(lesson.id, state.lang), ...encodeFieldPairs(differs)];
  return `${base}#${pairs.join('&')}`;
}

/** The frame the embed code asks for: room for one lesson (ui/EmbedFrame.tsx fits it without sideways scroll). */
export const EMBED_FRAME_PX = { width: 700, height: 500 } as const;

const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#39;',
  '<': '&lt;',
  '>': '&gt;',
};
const escapeAttribute = (text: string): string => text.replace(/[&"'<>]/g, (c) => ATTRIBUTE_ESCAPES[c]!);

/**
 * The code a teaching page pastes to embed `link` (a share link, whose hash always has `v=1`): an
 * `<iframe>` of the same link plus `embed=1`, with its `title` and size. Every value is escaped, so nothing
 * in the link or the title can close the attribute or open markup.
 */
export function embedSnippet(link: string, title: string): string {
  const { width, height } = EMBED_FRAME_PX;
  const src = `${link}&${EMBED_KEY}=1`;
  return `<iframe src="${escapeAttribute(src)}" title="${escapeAttribute(title)}" width="${width}" height="${height}" style="border: 0" loading="lazy"></iframe>`;
}
