/**
 * The app's one zustand store, made of typed slices: the experiment config, the run's low-rate state,
 * and the latest summary figures. High-rate telemetry (every step) does not live here: it goes to ring
 * buffers in src/charts, read outside React renders. Actions that need the training worker go through a
 * `RunController` that src/app attaches at boot, so the store never imports the engine.
 */
import { create } from 'zustand';
import { repairConfig } from '../config/repairConfig';
import { LESSONS } from '../config/lessons';
import { buildLessonShareLink, buildShareLink } from '../config/shareLink';
import type { SweepSpec } from '../config/sweep';
import { DEFAULT_CONFIG, type TrainConfig } from '../config/trainConfig';
import { decodeHash, type DecodedHash, type Problem } from '../config/urlCodec';
import { FIRST_VIEW, isLesson, VIEW_OF_OLD_LINKS, type SectionId, type ViewId } from '../config/views';
import { langFromNavigator, type Lang } from '../config/languages';
import type { EvalRecord, PreviewRecord, TelemetryRow } from '../config/telemetry';
import type { BackendInfo, RunStatus } from '../config/backendInfo';
import type { DataPathCheckResult } from '../config/dataPathCheck';
import { createJobsSlice, type JobsSlice } from './jobsSlice';

/** What the status line says beside the status, when it is not an error's own words. */
export type StatusNote =
  | { kind: 'finished'; steps: number }
  | { kind: 'auto-start-refused' }
  /** The training worker died (its own error text) and was restarted. */
  | { kind: 'worker-crashed'; error: string };

export interface RunController {
  start(config: TrainConfig): void;
  stop(): void;
  reset(): void;
  checkDataPaths(config: TrainConfig): Promise<DataPathCheckResult>;
}

interface ConfigSlice {
  /** The view on screen: a lesson or the Playground (in the link as `view=`). */
  view: ViewId;
  /** Shows another view; the link follows with a new history entry, so Back returns. */
  openView(view: ViewId): void;
  /** The Playground's open section, one at a time (in the link as `sec=`); null: none, the page at rest. */
  section: SectionId | null;
  /** Opens a section of the Playground, or closes it with null. */
  openSection(section: SectionId | null): void;
  /** The interface language: the browser's at first, then the header switch's or a link's (`lang=zh`). */
  lang: Lang;
  /** True once the switch or a link chose the language: only then does the link carry `lang=`. */
  langChosen: boolean;
  /** The header switch: changes only the words on screen, never the run. */
  setLang(lang: Lang): void;
  config: TrainConfig;
  /** Problems found while reading the config from a link: codes and parameters, translated by the UI. */
  configProblems: Problem[];
  /** True once the user or a link chose the config (device defaults then leave it alone). */
  configChosen: boolean;
  /** URL keys of controls a link asked to hide (`hide=lr,opt`), for embedding in a teaching page. */
  hiddenControls: readonly string[];
  /** The page was opened framed in another page (`embed=1`): the view alone, in a compact frame. */
  embedded: boolean;
  /** The link asked to start training as soon as it opens (`run=1`); honoured once, if the config fits. */
  autoStartRequested: boolean;
  /** Configuration B of an A/B comparison, as overrides of A (`b.px=64`); null when not comparing. */
  compareOverrides: Partial<TrainConfig> | null;
  setCompareOverrides(overrides: Partial<TrainConfig> | null): void;
  /** The sweep the Tradeoff view runs (in the link as `sw=`); null until one is chosen. */
  sweep: SweepSpec | null;
  setSweep(sweep: SweepSpec | null): void;
  /** A form edit: the changed field wins any cross-field conflict (config/repairConfig.ts). */
  setConfig(patch: Partial<TrainConfig>): void;
  /**
   * Opens a link's hash (`#v=1&…`) as the page's experiment: config, problems, B overrides, hidden
   * controls. `opening`: the page was opened with this link, so `run=1` is honoured (once, if the config
   * fits) and its `hide=` replaces the page's; otherwise (a preset click, Back/Forward) it never starts a
   * run and keeps the page's hidden controls unless the link names its own.
   */
  openLink(hash: string, opening?: boolean): DecodedHash;
  /**
   * The link to this page's experiment (config, B overrides, hidden controls unless `withHidden` is false),
   * with `run=1` when asked; the page's search string (debug flags) never travels.
   */
  shareLink(runOnOpen: boolean, withHidden?: boolean): string;
  /** Device defaults: applied only while neither the user nor a link has chosen a config. */
  applyDefaults(patch: Partial<TrainConfig>): void;
  dismissProblems(): void;
}

interface RunSlice {
  status: RunStatus;
  /** An error's own words (the browser's, the GPU's, tfjs's): shown as they come. */
  statusMessage: string | null;
  /** A status the page words in its language; shown instead of statusMessage when set. */
  statusNote: StatusNote | null;
  backendInfo: BackendInfo | null;
  latest: TelemetryRow | null;
  /** The config the current run's history was trained with (set at Start); null before any run. */
  runConfig: TrainConfig | null;
  latestEval: EvalRecord | null;
  preview: PreviewRecord | null;
  numTensors: number | null;
  controller: RunController | null;
  attachController(controller: RunController): void;
  start(): void;
  stop(): void;
  reset(): void;
  /** Result of the last "verify data paths" run; null before the first. */
  dataPathCheck: { running: boolean; result: DataPathCheckResult | null };
  runDataPathCheck(): Promise<DataPathCheckResult | null>;
}

export type AppState = ConfigSlice & RunSlice & JobsSlice;

export const useAppStore = create<AppState>()((set, get) => ({
  view: FIRST_VIEW,
  openView: (view) => set({ view }),
  section: null,
  openSection: (section) => set({ section }),
  lang: langFromNavigator(typeof navigator === 'undefined' ? undefined : navigator.languages),
  langChosen: false,
  setLang: (lang) => set({ lang, langChosen: true }),
  config: DEFAULT_CONFIG,
  configProblems: [],
  configChosen: false,
  hiddenControls: [],
  embedded: false,
  autoStartRequested: false,
  compareOverrides: null,
  setCompareOverrides: (overrides) => set({ compareOverrides: overrides }),
  sweep: null,
  setSweep: (sweep) => set({ sweep }),
  setConfig: (patch) =>
    set((s) => {
      const changed = Object.keys(patch)[0] as keyof TrainConfig | undefined;
      return { config: repairConfig({ ...s.config, ...patch }, changed).config, configChosen: true };
    }),
  openLink: (hash, opening = false) => {
    const decoded = decodeHash(hash);
    set((s) => ({
      view: decoded.view ?? VIEW_OF_OLD_LINKS,
      // A link the page opens with shows its profile or its B unless it names a section; a preset click or
      // Back/Forward keeps the open section unless the link names one.
      section:
        decoded.section ??
        (opening ? (decoded.profile ? 'profile' : decoded.overridesB ? 'compare' : null) : s.section),
      ...(decoded.lang !== null ? { lang: decoded.lang, langChosen: true } : {}),
      // decodeHash already repaired it; repairing again keeps "every write is repaired" true by construction.
      config: repairConfig(decoded.config).config,
      configProblems: decoded.problems,
      configChosen: true,
      compareOverrides: decoded.overridesB,
      sweep: decoded.sweep,
      hiddenControls: opening || decoded.hide.length > 0 ? decoded.hide : s.hiddenControls,
      embedded: opening ? decoded.embed : s.embedded,
      autoStartRequested: opening && decoded.run,
    }));
    return decoded;
  },
  shareLink: (runOnOpen, withHidden = true) => {
    const s = get();
    const base = `${window.location.origin}${window.location.pathname}`;
    const lang = s.langChosen ? s.lang : null;
    // A lesson runs its own configuration, never the Playground's: its link names the view alone.
    if (isLesson(s.view)) {
      const lesson = LESSONS[s.view];
      return buildLessonShareLink(lesson, { lang, config: lesson.config }, base);
    }
    return buildShareLink(
      { ...s, lang, hiddenControls: withHidden ? s.hiddenControls : [] },
      base,
      runOnOpen,
    );
  },
  applyDefaults: (patch) =>
    set((s) => (s.configChosen ? {} : { config: repairConfig({ ...s.config, ...patch }).config })),
  dismissProblems: () => set({ configProblems: [] }),

  status: 'booting',
  statusMessage: null,
  statusNote: null,
  backendInfo: null,
  latest: null,
  runConfig: null,
  latestEval: null,
  preview: null,
  numTensors: null,
  controller: null,
  attachController: (controller) => set({ controller }),
  start: () => {
    const { controller, config } = get();
    if (!controller) return;
    set({ runConfig: config });
    controller.start(config);
  },
  stop: () => get().controller?.stop(),
  reset: () => {
    get().controller?.reset();
    set({ latest: null, latestEval: null, preview: null, runConfig: null });
  },
  ...createJobsSlice(set, get),
  dataPathCheck: { running: false, result: null },
  runDataPathCheck: async () => {
    const { controller, config } = get();
    if (!controller) return null;
    set({ dataPathCheck: { running: true, result: get().dataPathCheck.result } });
    const result = await controller.checkDataPaths(config);
    set({ dataPathCheck: { running: false, result } });
    return result;
  },
}));

/** Selectors, defined once. */
export const selectConfig = (s: AppState) => s.config;
export const selectIsRunning = (s: AppState) => s.status === 'running';
