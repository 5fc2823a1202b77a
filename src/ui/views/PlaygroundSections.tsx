/**
 * Everything of the Playground beyond its first screen, one section at a time: a row of buttons, one per
 * section (config/views.ts), and the open section under them. Which one is open is the store's `section`,
 * so it lives in the link (`sec=`); pressing the open one's button closes it. A closed section is not
 * mounted: its results live in their stores, and its charts read the telemetry history when they mount.
 */
import type { ReactNode } from 'react';
import { PLAYGROUND_SECTIONS, type SectionId } from '../../config/views';
import { useAppStore } from '../../state/store';
import { ChartsPanel } from '../ChartsPanel';
import { ConfigPanel } from '../ConfigPanel';
import { DataPathPanel } from '../DataPathPanel';
import { ExportPanel } from '../ExportPanel';
import { LinksPanel } from '../LinksPanel';
import { LoaderPanel } from '../LoaderPanel';
import { MetricsPanel } from '../MetricsPanel';
import { PreviewPanel } from '../PreviewPanel';
import { ComparePanel } from '../compare/ComparePanel';
import { DatasetPanel } from '../dataset/DatasetPanel';
import { BatchFinder } from '../finder/BatchFinder';
import { useText } from '../i18n/useText';
import { ParallelPanel } from '../parallel/ParallelPanel';
import { ProfilePanel } from '../profile/ProfilePanel';

const SECTION_BODIES: Record<SectionId, () => ReactNode> = {
  settings: () => <ConfigPanel lesson={false} />,
  details: () => (
    <>
      <MetricsPanel summary={false} />
      <ChartsPanel ids={['bytes', 'loss']} first={false} />
      <PreviewPanel />
    </>
  ),
  dataset: () => <DatasetPanel />,
  datapath: () => <DataPathPanel />,
  loader: () => <LoaderPanel />,
  profile: () => <ProfilePanel />,
  finder: () => <BatchFinder />,
  compare: () => <ComparePanel />,
  parallel: () => <ParallelPanel />,
  export: () => <ExportPanel />,
  links: () => <LinksPanel />,
};

const BODY_ID = 'playground-section';

export function PlaygroundSections() {
  const open = useAppStore((s) => s.section);
  const openSection = useAppStore((s) => s.openSection);
  const t = useText().app.sections;
  return (
    <div className="playground-sections">
      <nav className="section-tabs" aria-label={t.label}>
        {PLAYGROUND_SECTIONS.map((id) => (
          <button
            key={id}
            type="button"
            aria-expanded={open === id}
            aria-controls={open === id ? BODY_ID : undefined}
            onClick={() => openSection(open === id ? null : id)}
            data-testid={`section-${id}`}
          >
            {t.names[id]}
          </button>
        ))}
      </nav>
      {open !== null && (
        <div id={BODY_ID} className="section-body" data-testid="playground-section" data-section={open}>
          {SECTION_BODIES[open]()}
        </div>
      )}
    </div>
  );
}
