/**
 * The free Playground: every setting on the left; run controls, metrics, live charts, the step profile, the data path, the
 * loader, previews, several GPUs, A/B comparisons and links on the right — the page as it was before
 * lessons had views of their own.
 */
import { ChartsPanel } from '../ChartsPanel';
import { ConfigPanel } from '../ConfigPanel';
import { DatasetPanel } from '../dataset/DatasetPanel';
import { DataPathPanel } from '../DataPathPanel';
import { ExportPanel } from '../ExportPanel';
import { LinksPanel } from '../LinksPanel';
import { LoaderPanel } from '../LoaderPanel';
import { MetricsPanel } from '../MetricsPanel';
import { PreflightNotice } from '../PreflightNotice';
import { PreviewPanel } from '../PreviewPanel';
import { RunControls } from '../RunControls';
import { ComparePanel } from '../compare/ComparePanel';
import { ParallelPanel } from '../parallel/ParallelPanel';
import { ProfilePanel } from '../profile/ProfilePanel';

export function PlaygroundView() {
  return (
    <div className="playground" data-testid="view-playground-content">
      <ConfigPanel />
      <div className="results">
        <RunControls />
        <PreflightNotice />
        <MetricsPanel />
        <ChartsPanel />
        <ProfilePanel />
        <ExportPanel />
        <DatasetPanel />
        <LoaderPanel />
        <PreviewPanel />
        <DataPathPanel />
        <ParallelPanel />
        <ComparePanel />
        <LinksPanel />
      </div>
    </div>
  );
}
