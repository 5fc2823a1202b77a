/**
 * The app's views as tabs: the lessons, numbered, then the Playground. Each is a real link (`#view=…`, so a
 * middle click opens it in a new tab); a plain click switches in place through the store, which writes the
 * link with a new history entry so Back returns. On a phone the tabs fold into a menu: a button naming the
 * current view opens them as a list (styles.css decides by width; the links are the same).
 */
import { useState, type MouseEvent } from 'react';
import { encodeConfigToHash } from '../../config/urlCodec';
import { VIEW_IDS, viewNumber, type ViewId } from '../../config/views';
import { useAppStore } from '../../state/store';
import type { Dictionary } from '../../i18n/types';
import { useText } from '../i18n/useText';

const TABS: { id: ViewId; number: number | null }[] = VIEW_IDS.map((id) => ({ id, number: viewNumber(id) }));

/** A view's name, as its tab shows it (and the embed code's title). */
export const viewLabel = (t: Dictionary, id: ViewId): string =>
  id === 'playground' ? t.app.playground : id === 'tradeoffs' ? t.sweeps.navLabel : t.lessons[id].title;

export function ViewNav() {
  const view = useAppStore((s) => s.view);
  const config = useAppStore((s) => s.config);
  const t = useText();
  const [menuOpen, setMenuOpen] = useState(false);
  const current = TABS.find((tab) => tab.id === view);
  const onClick = (id: ViewId) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    setMenuOpen(false);
    useAppStore.getState().openView(id);
  };
  return (
    <nav className={`view-nav${menuOpen ? ' menu-open' : ''}`} aria-label={t.app.navLabel}>
      <button
        type="button"
        className="view-menu"
        aria-expanded={menuOpen}
        aria-label={current ? `${t.app.viewMenu}: ${viewLabel(t, current.id)}` : t.app.viewMenu}
        onClick={() => setMenuOpen(!menuOpen)}
        data-testid="view-menu"
      >
        <span aria-hidden="true">☰ </span>
        {current?.number != null && <span className="view-number">{current.number}</span>}
        <span className="view-menu-current">{current ? viewLabel(t, current.id) : t.app.viewMenu}</span>
      </button>
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
              {viewLabel(t, tab.id)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
