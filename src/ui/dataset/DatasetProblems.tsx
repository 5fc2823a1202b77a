/**
 * The problems found in a set of files, errors first, at most OWN_IMAGE_LIMITS.problemsShownMax of them
 * (the rest counted). File names are React text: markup in a name is shown, never run.
 */
import { OWN_IMAGE_LIMITS } from '../../config/ownImages';
import { useLocale, useText } from '../i18n/useText';
import { fill, plural } from '../../i18n/fill';
import { ownImageProblemWords } from './datasetText';
import type { DatasetProblem } from '../../config/datasetView';

const ORDER = { error: 0, warning: 1, notice: 2 } as const;

export function DatasetProblems({ problems }: { problems: readonly DatasetProblem[] }) {
  const t = useText();
  const w = t.ownImages.panel;
  const locale = useLocale();
  if (problems.length === 0) return null;
  const sorted = [...problems].sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
  const shown = sorted.slice(0, OWN_IMAGE_LIMITS.problemsShownMax);
  return (
    <div className="dataset-problems" data-testid="dataset-problems">
      <h3>{fill(plural(locale, problems.length, w.problemsTitle), { count: problems.length })}</h3>
      <ul>
        {shown.map((p, i) => (
          <li key={i} className={`problem-${p.severity}`}>
            <strong>{w.severity[p.severity]}</strong>
            {p.file ? (
              <>
                {' '}
                <code>{p.file}</code>
              </>
            ) : null}{' '}
            {ownImageProblemWords(t, p.problem)}
          </li>
        ))}
      </ul>
      {sorted.length > shown.length && (
        <p className="help">{fill(w.moreProblems, { count: sorted.length - shown.length })}</p>
      )}
    </div>
  );
}
