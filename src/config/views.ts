/**
 * The app's views: one per lesson, the tradeoff curves (sweeps), and the free Playground. A link names its view with `view=<id>`; a link
 * without one is an old link and opens the Playground, as it always did; the bare address opens the first
 * lesson. Pure.
 */
import type { TrainConfig } from './trainConfig';

export const LESSON_IDS = ['bytes', 'loaders', 'gpus', 'fit'] as const;
export type LessonId = (typeof LESSON_IDS)[number];

/**
 * The views in the order the tabs show them. `tradeoffs` is the fourth lesson, but its own view: it has a
 * setting picker and many points instead of fixed arms (ui/sweeps/, config/sweep.ts); `fit` comes after it.
 */
export const VIEW_IDS = ['bytes', 'loaders', 'gpus', 'tradeoffs', 'fit', 'playground'] as const;
export type ViewId = (typeof VIEW_IDS)[number];

/** The numbered lessons, in the order the tabs show them: lesson n is the n-th. */
const NUMBERED_VIEWS: readonly ViewId[] = VIEW_IDS.filter((v) => v !== 'playground');

/** A lesson's number as the tabs and its eyebrow show it (1-based); null for the Playground. */
export const viewNumber = (view: ViewId): number | null =>
  NUMBERED_VIEWS.includes(view) ? NUMBERED_VIEWS.indexOf(view) + 1 : null;

/** What a link without `view=` opens: the Playground, exactly as before views existed. */
export const VIEW_OF_OLD_LINKS: ViewId = 'playground';
/** What the bare address (no hash at all) opens. */
export const FIRST_VIEW: ViewId = 'bytes';

export const isLesson = (view: ViewId): view is LessonId => (LESSON_IDS as readonly string[]).includes(view);

/**
 * The Playground's sections: its first screen holds the lesson settings, Start and the live summary; each of
 * these opens below it, one at a time, named in the link with `sec=<id>` (urlCodec.ts).
 */
export const PLAYGROUND_SECTIONS = [
  'settings',
  'details',
  'dataset',
  'datapath',
  'loader',
  'profile',
  'finder',
  'compare',
  'parallel',
  'export',
  'links',
] as const;
export type SectionId = (typeof PLAYGROUND_SECTIONS)[number];

/** The settings the lessons are about: the Playground's first screen shows them; its `settings` section the rest. */
export const LESSON_SETTINGS = [
  'batchSize',
  'imageSizePx',
  'imageDtype',
  'normalizeOn',
  'maskDtype',
  'workers',
] as const satisfies readonly (keyof TrainConfig)[];
