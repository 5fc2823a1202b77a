/**
 * The page: a header (name, the views as tabs, the backend, link problems) and the view on screen — one
 * lesson, the tradeoff curves, or the Playground. Components read the store and call its actions; nothing here talks to workers.
 */
import { isLesson } from '../config/views';
import { useAppStore } from '../state/store';
import { BackendNotice } from './BackendNotice';
import { LessonView } from './lessons/LessonView';
import { ProblemsBanner } from './ProblemsBanner';
import { TradeoffsView } from './sweeps/TradeoffsView';
import { PlaygroundView } from './views/PlaygroundView';
import { ViewNav } from './views/ViewNav';

export function App() {
  const view = useAppStore((s) => s.view);
  return (
    <div className="app">
      <header className="app-header">
        <div className="brand">
          <h1>BatchLab</h1>
          <p className="tagline">See what tensor sizes do to training, measured in your browser.</p>
        </div>
        <ViewNav />
        <BackendNotice />
        <ProblemsBanner />
      </header>
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
