/** The article's own figure for a lesson (or lesson 5's reference): one big figure and a line saying what it counts. */
import type { ReactNode } from 'react';
import { useText } from '../i18n/useText';

export function ArticleFigure({
  figure,
  children,
  label,
}: {
  figure: string;
  children: ReactNode;
  /** What the figure is, when not the article's (lesson 5's reference figures). */
  label?: string;
}) {
  const t = useText();
  return (
    <div className="article-figure" data-testid="article-figure">
      <p className="result-label">{label ?? t.lessons.view.articleLabel}</p>
      <p className="result-figure">{figure}</p>
      <p className="article-detail">{children}</p>
    </div>
  );
}
