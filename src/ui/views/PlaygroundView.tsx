/**
 * The free Playground, on one screen at rest: Start / Stop / Reset with the run's status and the pre-flight
 * notice, the settings the lessons are about, the live summary and the two charts that carry it (memory,
 * throughput). Everything else (all settings, the run's details, the dataset, the data path, the loader,
 * the profile, the batch finder, A/B comparisons, several GPUs, export, links) opens under it, one section
 * at a time (PlaygroundSections).
 */
import { ChartsPanel } from '../ChartsPanel';
import { ConfigPanel } from '../ConfigPanel';
import { MetricsPanel } from '../MetricsPanel';
import { PreflightNotice } from '../PreflightNotice';
import { RunControls } from '../RunControls';
import { RunProgress } from '../RunProgress';
import { PlaygroundSections } from './PlaygroundSections';

export function PlaygroundView() {
  return (
    <div className="playground" data-testid="view-playground-content">
      {/* First in the page's order so that on a phone Start and the run's status stay in view (sticky) while
          the rest scrolls under them; on a wide screen it heads the left-hand column. */}
      <div className="playground-run">
        <RunControls>
          <RunProgress />
        </RunControls>
      </div>
      <div className="playground-preflight">
        <PreflightNotice />
      </div>
      <ConfigPanel lesson />
      <MetricsPanel summary />
      <ChartsPanel ids={['memory', 'throughput']} first />
      <PlaygroundSections />
    </div>
  );
}
