/** The article's own figure for a lesson: one big figure and one line saying what it counts. */
import type { ReactNode } from 'react';
import { useText } from '../i18n/useText';

export function ArticleFigure({ figure, children }: { figure: string; children: ReactNode }) {
  const t = useText();
  return (
    <div className="article-figure" data-testid="article-figure">
      <p className="result-label">{t.lessons.view.articleLabel}</p>
      <p className="result-figure">{figure}</p>
      <p className="article-detail">{children}</p>
    </div>
  );
}
