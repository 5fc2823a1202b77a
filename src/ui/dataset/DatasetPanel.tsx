/**
 * The Dataset panel: what the run trains on (synthetic shapes, your own images, or the "photos" preset),
 * and for your images the file picker / drop zone, the line that says the files stay in this browser, the
 * indexing progress, the split, the mask palette (editable) and every problem found, each file name shown as
 * React text. Reads the dataset store; loading goes through its action (src/app holds the Files).
 */
import { useId, type DragEvent } from 'react';
import { fill } from '../../i18n/fill';
import { useText } from '../i18n/useText';
import { DATA_SOURCES, DATASET_STATS, type DataSource } from '../../config/trainConfig';
import type { DatasetView } from '../../config/datasetView';
import { datasetBlocker, useDatasetStore } from '../../state/datasetStore';
import { selectConfig, useAppStore } from '../../state/store';
import { formatBytes } from '../format';
import { DatasetProblems } from './DatasetProblems';
import { PaletteEditor } from './PaletteEditor';
import { SelectField } from '../fields/SelectField';

/** webkitdirectory is not in React's input props: passed as a plain attribute. */
const FOLDER_PROPS = { webkitdirectory: '', directory: '' } as Record<string, string>;

function SourceChoice() {
  const w = useText().ownImages.panel;
  const config = useAppStore(selectConfig);
  const setConfig = useAppStore((s) => s.setConfig);
  const running = useAppStore((s) => s.status === 'running');
  const files = useDatasetStore((s) => s.files);
  const photos = useDatasetStore((s) => s.photos);
  const views = { files, photos };
  const id = useId();
  const choose = (source: DataSource) => {
    const stats =
      source === 'synthetic' ? DATASET_STATS[config.channels] : views[source].stats?.[config.channels];
    setConfig(
      stats
        ? { dataSource: source, mean255: [...stats.mean255], std255: [...stats.std255] }
        : { dataSource: source },
    );
  };
  return (
    <SelectField
      id={id}
      label={w.sourceLabel}
      className="wide-select"
      value={config.dataSource}
      options={DATA_SOURCES}
      text={(s) => w.sources[s]}
      disabled={running}
      data-testid="dataset-source"
      onChange={(v) => choose(v as DataSource)}
    />
  );
}

function Summary({ view }: { view: DatasetView }) {
  const w = useText().ownImages.panel;
  if (view.status === 'indexing') {
    return (
      <p className="help" role="status" data-testid="dataset-progress">
        {fill(w.indexing, { done: view.doneFiles, total: view.totalFiles })}
      </p>
    );
  }
  if (view.status !== 'ready') return null;
  return (
    <p className="help" data-testid="dataset-summary" data-pairs={view.pairs}>
      {fill(w.summary, { pairs: view.pairs, train: view.trainPairs, validation: view.validationPairs })}{' '}
      {formatBytes(view.bytes)}.{view.stats ? ` ${fill(w.statsMeasured, { count: view.stats.images })}.` : ''}
    </p>
  );
}

function FilePicker() {
  const w = useText().ownImages.panel;
  const loadFiles = useDatasetStore((s) => s.loadFiles);
  const running = useAppStore((s) => s.status === 'running');
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    if (!running) loadFiles(Array.from(e.dataTransfer.files));
  };
  return (
    <div
      className="drop-zone"
      onDragOver={(e) => e.preventDefault()}
      onDrop={onDrop}
      data-testid="dataset-drop"
    >
      <p className="privacy" data-testid="dataset-privacy">
        {w.privacy}
      </p>
      <p>
        {w.dropHint}{' '}
        <label className="file-button">
          {w.pickFiles}
          <input
            type="file"
            multiple
            accept="image/png,image/jpeg,image/webp"
            disabled={running}
            data-testid="dataset-files"
            onChange={(e) => loadFiles(Array.from(e.target.files ?? []))}
          />
        </label>{' '}
        <label className="file-button">
          {w.pickFolder}
          <input
            type="file"
            multiple
            {...FOLDER_PROPS}
            disabled={running}
            data-testid="dataset-folder"
            onChange={(e) => loadFiles(Array.from(e.target.files ?? []))}
          />
        </label>
      </p>
      <p className="help">{w.rule}</p>
    </div>
  );
}

/** Masks that leave their mode open: the user reads them as class indices or as colours (no default). */
function MaskModeChoice({ chosen }: { chosen: DatasetView['maskMode'] }) {
  const setMaskMode = useDatasetStore((s) => s.setMaskMode);
  const running = useAppStore((s) => s.status === 'running');
  const words = useText().ownImages.panel.maskModeChoice;
  return (
    <fieldset className="mask-mode-choice" disabled={running} data-testid="dataset-mask-mode">
      <legend>{words.legend}</legend>
      {(['indices', 'colours'] as const).map((mode) => (
        <label key={mode}>
          <input
            type="radio"
            name="mask-mode"
            value={mode}
            checked={chosen === mode}
            onChange={() => setMaskMode(mode)}
          />{' '}
          {words[mode]}
        </label>
      ))}
    </fieldset>
  );
}

export function DatasetPanel() {
  const w = useText().ownImages.panel;
  const source = useAppStore((s) => s.config.dataSource);
  const files = useDatasetStore((s) => s.files);
  const photos = useDatasetStore((s) => s.photos);
  const view = source === 'photos' ? photos : files;
  const blocked = datasetBlocker(source, { files, photos });
  return (
    <section className="panel dataset-panel" aria-labelledby="dataset-title" data-testid="dataset-panel">
      <h2 id="dataset-title">{w.legend}</h2>
      <SourceChoice />
      {source === 'files' && <FilePicker />}
      {source !== 'synthetic' && (
        <>
          <Summary view={view} />
          {source === 'files' && view.maskModeAsked && <MaskModeChoice chosen={view.maskMode} />}
          {view.maskMode === 'indices' && <p className="help">{w.maskMode.indices}</p>}
          {source === 'files' && view.maskMode === 'colours' && <PaletteEditor palette={view.palette} />}
          <DatasetProblems problems={view.problems} />
          {blocked !== null && view.status === 'ready' && (
            <p className="status status-failed" data-testid="dataset-blocked">
              {w.blocked}
            </p>
          )}
        </>
      )}
    </section>
  );
}
