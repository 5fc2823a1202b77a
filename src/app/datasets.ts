/**
 * Keeps the file datasets of the page: the user's own images (indexed when chosen) and the "photos" preset
 * (its generator fetched, then drawn and encoded, the first time a config asks for it). Holds the File objects and each index, derives
 * what the Dataset panel shows (problems follow the class count and the palette), and hands the training
 * worker the dataset a Start needs. Files are read only here and in the workers: never uploaded.
 */
import type { DatasetView } from '../config/datasetView';
import type { DataSource } from '../config/trainConfig';
import { decodeFullInBrowser, decodeSquareInBrowser } from '../data/files/browserDecode';
import type { FileDataset } from '../data/files/fileDataset';
import { indexFiles, problemsFor, type FileIndex } from '../data/files/indexFiles';
import { defaultPalette, learntMaskMode, type MaskMode, type PaletteEntry } from '../data/files/maskClasses';
import { validationSplit } from '../data/files/validationSplit';
import { useDatasetStore } from '../state/datasetStore';
import { useAppStore } from '../state/store';

type FileSourceName = Exclude<DataSource, 'synthetic'>;

interface Loaded {
  id: number;
  index: FileIndex;
  palette: PaletteEntry[];
  /** The mode the user picked for masks that leave it open (learntMaskMode 'ask'); null until then. */
  chosenMode: MaskMode | null;
}

/** The mode masks are read in: the learnt one, or the user's pick when the masks leave it open. */
function maskModeIn(l: Loaded): MaskMode | null {
  const learnt = learntMaskMode(l.index.survey);
  return learnt === 'ask' ? l.chosenMode : learnt;
}

const yieldNow = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export interface Datasets {
  /** The dataset a run on `source` trains on; null for synthetic data or none ready. */
  datasetFor(source: DataSource): FileDataset | null;
}

export function startDatasets(): Datasets {
  let nextId = 1;
  const loaded: Record<FileSourceName, Loaded | null> = { files: null, photos: null };
  const latestLoad: Record<FileSourceName, number> = { files: 0, photos: 0 };

  function viewOf(l: Loaded): DatasetView {
    const { index, palette, chosenMode } = l;
    const numClasses = useAppStore.getState().config.numClasses;
    const pairs = index.pairs.length;
    const validationPairs = pairs >= 2 ? validationSplit(pairs).validation.length : 0;
    return {
      status: 'ready',
      doneFiles: index.fileCount,
      totalFiles: index.fileCount,
      pairs,
      trainPairs: pairs - validationPairs,
      validationPairs,
      problems: problemsFor(index, numClasses, palette, chosenMode),
      maskMode: index.pairs.length > 0 ? maskModeIn(l) : null,
      maskModeAsked: index.pairs.length > 0 && learntMaskMode(index.survey) === 'ask',
      palette,
      stats: index.stats,
      bytes: index.pairs.reduce((n, p) => n + p.image.size + p.mask.size, 0),
    };
  }

  const publish = (source: FileSourceName) => {
    const l = loaded[source];
    if (l) useDatasetStore.setState({ [source]: viewOf(l) });
  };

  async function load(source: FileSourceName, files: readonly File[]): Promise<void> {
    const id = nextId++;
    latestLoad[source] = id;
    const indexing = (doneFiles: number, totalFiles: number): Partial<DatasetView> => ({
      status: 'indexing',
      doneFiles,
      totalFiles,
    });
    useDatasetStore.setState((s) => ({
      [source]: { ...s[source], ...indexing(0, files.length), problems: [] },
    }));
    const index = await indexFiles(files, {
      decodeFull: decodeFullInBrowser,
      decodeSquare: decodeSquareInBrowser,
      yieldNow,
      onProgress: (done, total) => {
        if (latestLoad[source] === id) {
          useDatasetStore.setState((s) => ({ [source]: { ...s[source], ...indexing(done, total) } }));
        }
      },
    });
    if (latestLoad[source] !== id) return; // a newer set replaced this one while it was read
    const palette = learntMaskMode(index.survey) === 'indices' ? [] : defaultPalette(index.survey.colours);
    loaded[source] = { id, index, palette, chosenMode: null };
    publish(source);
    // Mean / std "measured on this dataset": the user's images once they are read.
    const { config, setConfig } = useAppStore.getState();
    if (config.dataSource === source && index.stats) setConfig({ ...index.stats[config.channels] });
  }

  /** Changes how the user's masks read: new masks, so the next Start rebuilds the validation batches. */
  const editMasks = (edit: (l: Loaded) => void) => {
    const l = loaded.files;
    if (!l) return;
    edit(l);
    l.id = nextId++;
    publish('files');
  };
  useDatasetStore.getState().attachController({
    loadFiles: (files) => void load('files', files),
    setPaletteClass: (rgb, classId) =>
      editMasks((l) => {
        l.palette = l.palette.map((p) => (p.rgb === rgb ? { ...p, classId } : p));
      }),
    setMaskMode: (mode) =>
      editMasks((l) => {
        l.chosenMode = mode;
      }),
  });

  let photosAsked = false;
  const followConfig = () => {
    const { config } = useAppStore.getState();
    if (config.dataSource === 'photos' && !photosAsked) {
      photosAsked = true;
      // Loaded only now: nothing on a page that never picks the photos dataset fetches the generator.
      void import('../data/files/photoSet')
        .then(({ drawPhotoSet }) => drawPhotoSet())
        .then((files) => load('photos', files));
    }
  };
  let lastClasses = useAppStore.getState().config.numClasses;
  useAppStore.subscribe((s) => {
    followConfig();
    if (s.config.numClasses !== lastClasses) {
      lastClasses = s.config.numClasses;
      publish('files');
      publish('photos');
    }
  });
  followConfig();

  return {
    datasetFor: (source) => {
      if (source === 'synthetic') return null;
      const l = loaded[source];
      if (!l || l.index.pairs.length < 2) return null;
      const maskMode = maskModeIn(l);
      if (maskMode === null) return null;
      return {
        id: l.id,
        pairs: l.index.pairs,
        split: validationSplit(l.index.pairs.length),
        maskMode,
        palette: l.palette,
      };
    },
  };
}
