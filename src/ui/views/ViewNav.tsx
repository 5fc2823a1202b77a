/**
 * The app's views as tabs: the lessons, numbered, then the Playground. Each is a real link (`#view=…`, so a
 * middle click opens it in a new tab); a plain click switches in place through the store, which writes the
 * link with a new history entry so Back returns.
 */
import type { MouseEvent } from 'react';
import { LESSONS } from '../../config/lessons';
import { encodeConfigToHash } from '../../config/urlCodec';
import { LESSON_IDS, type ViewId } from '../../config/views';
import { useAppStore } from '../../state/store';
import { SWEEP_TEXT } from '../sweeps/sweepText';

const TABS: { id: ViewId; label: string; number: number | null }[] = [
  ...LESSON_IDS.map((id, i) => ({ id, label: LESSONS[id].title, number: i + 1 })),
  { id: 'tradeoffs', label: SWEEP_TEXT.navLabel, number: LESSON_IDS.length + 1 },
  { id: 'playground', label: 'Playground', number: null },
];

export function ViewNav() {
  const view = useAppStore((s) => s.view);
  const config = useAppStore((s) => s.config);
  const onClick = (id: ViewId) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    useAppStore.getState().openView(id);
  };
  return (
    <nav className="view-nav" aria-label="Lessons and playground">
      <ul>
        {TABS.map((tab) => (
          <li key={tab.id}>
            <a
              href={encodeConfigToHash(config, { view: tab.id })}
              onClick={onClick(tab.id)}
              aria-current={view === tab.id ? 'page' : undefined}
              data-testid={`view-${tab.id}`}
            >
              {tab.number !== null && <span className="view-number">{tab.number}</span>}
              {tab.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
