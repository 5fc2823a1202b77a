/**
 * The page: a header of one row (name, the views as tabs or, on a phone, a menu, the language switch, the
 * backend as a badge), with a folded notice under it on a software or fallback adapter and link problems;
 * then the view on screen — one lesson, the tradeoff curves, or the Playground. Framed in another page
 * (`embed=1`) the header gives way to the compact frame's bar (./EmbedBar.tsx). `<html lang>` follows the
 * store's language.
 * Components read the store and call its actions; nothing here talks to workers.
 */
import { useEffect } from 'react';
import { isLesson } from '../config/views';
import { LOCALE_TAGS } from '../i18n/dictionaries';
import { useAppStore } from '../state/store';
import { BackendBadge, BackendNotices } from './BackendNotice';
import { EmbedBar } from './EmbedBar';
import { LessonView } from './lessons/LessonView';
import { ProblemsBanner } from './ProblemsBanner';
import { TradeoffsView } from './sweeps/TradeoffsView';
import { PlaygroundView } from './views/PlaygroundView';
import { ViewNav } from './views/ViewNav';
import { LangSwitch } from './i18n/LangSwitch';
import { useLang, useText } from './i18n/useText';

export function App() {
  const view = useAppStore((s) => s.view);
  const embedded = useAppStore((s) => s.embedded);
  const lang = useLang();
  const t = useText();
  useEffect(() => {
    document.documentElement.lang = LOCALE_TAGS[lang];
    document.title = t.app.documentTitle;
  }, [lang, t]);
  return (
    <div className={embedded ? 'app app-embed' : 'app'}>
      {embedded ? (
        <EmbedBar />
      ) : (
        <header className="app-header">
          <div className="header-row">
            <div className="brand">
              <h1 title={t.app.tagline}>BatchLab</h1>
              <p className="tagline">{t.app.tagline}</p>
            </div>
            <ViewNav />
            <LangSwitch />
            <BackendBadge />
          </div>
          <BackendNotices />
          <ProblemsBanner />
        </header>
      )}
      <main className={isLesson(view) || view === 'tradeoffs' ? 'main-lesson' : 'main-playground'}>
        {isLesson(view) ? (
          <LessonView key={view} id={view} />
        ) : view === 'tradeoffs' ? (
          <TradeoffsView />
        ) : (
          <PlaygroundView />
        )}
      </main>
    </div>
  );
}
