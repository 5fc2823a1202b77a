/**
 * The free Playground: every setting on the left; run controls, the pre-flight notice and the batch finder, metrics, live charts, the step profile, the data path, the
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
import { RunProgress } from '../RunProgress';
import { ComparePanel } from '../compare/ComparePanel';
import { ParallelPanel } from '../parallel/ParallelPanel';
import { ProfilePanel } from '../profile/ProfilePanel';
import { BatchFinder } from '../finder/BatchFinder';

export function PlaygroundView() {
  return (
    <div className="playground" data-testid="view-playground-content">
      {/* First in the page's order so that on a phone Start and the run's status stay in view (sticky) while
          the settings scroll under them; on a wide screen it heads the right-hand column. */}
      <div className="playground-run">
        <RunControls>
          <RunProgress />
        </RunControls>
      </div>
      <ConfigPanel />
      <div className="results">
        <PreflightNotice />
        <BatchFinder />
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
