/**
 * The compact frame's only chrome (`embed=1`, a lesson framed in a teaching page): the backend line, the
 * link problems, and "open in BatchLab", which opens the full app at the same state (this page's share link,
 * without `embed`) in a new tab. The link is built by the store from decoded state, never copied from the
 * address, and rendered as an attribute by React.
 */
import { useAppStore } from '../state/store';
import { BackendBadge, BackendNotices } from './BackendNotice';
import { ProblemsBanner } from './ProblemsBanner';
import { useText } from './i18n/useText';

export function EmbedBar() {
  const fullLink = useAppStore((s) => s.shareLink(false));
  const t = useText().app;
  return (
    <header className="embed-bar">
      <BackendBadge />
      <a href={fullLink} target="_blank" rel="noopener" data-testid="embed-open-full">
        {t.openInBatchLab}
      </a>
      <BackendNotices />
      <ProblemsBanner />
    </header>
  );
}
