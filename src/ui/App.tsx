/**
 * Page layout. Components read the store and call its actions; nothing here talks to workers.
 */
import { BackendNotice } from './BackendNotice';
import { ChartsPanel } from './ChartsPanel';
import { ComparePanel } from './ComparePanel';
import { ConfigPanel } from './ConfigPanel';
import { LinksPanel } from './LinksPanel';
import { DataPathPanel } from './DataPathPanel';
import { ExportPanel } from './ExportPanel';
import { LoaderPanel } from './LoaderPanel';
import { MetricsPanel } from './MetricsPanel';
import { ParallelPanel } from './ParallelPanel';
import { PreflightNotice } from './PreflightNotice';
import { PreviewPanel } from './PreviewPanel';
import { ProblemsBanner } from './ProblemsBanner';
import { ProfilePanel } from './profile/ProfilePanel';
import { RunControls } from './RunControls';

export function App() {
  return (
    <div className="app">
      <header>
        <h1>BatchLab</h1>
        <p className="tagline">Train a U-Net in your browser and see what tensor sizes do to training.</p>
        <BackendNotice />
        <ProblemsBanner />
      </header>
      <main>
        <ConfigPanel />
        <div className="results">
          <RunControls />
          <PreflightNotice />
          <MetricsPanel />
          <ChartsPanel />
          <ProfilePanel />
          <ExportPanel />
          <LoaderPanel />
          <PreviewPanel />
          <DataPathPanel />
          <ParallelPanel />
          <ComparePanel />
          <LinksPanel />
        </div>
      </main>
    </div>
  );
}
