/**
 * What the link got wrong: the problems the URL decoder reported (store `configProblems`), listed until
 * the user dismisses them, in the page's language (the decoder reports codes). Keys and parameters come from a URL anyone can edit, so they are rendered as
 * React text children only — never as HTML.
 */
import { useId } from 'react';
import { useAppStore } from '../state/store';
import { fill, plural } from '../i18n/fill';
import { problemText } from '../i18n/problemText';
import { useLocale, useText } from './i18n/useText';

export function ProblemsBanner() {
  const problems = useAppStore((s) => s.configProblems);
  const dismiss = useAppStore((s) => s.dismissProblems);
  const titleId = useId();
  const dict = useText();
  const locale = useLocale();
  if (problems.length === 0) return null;
  return (
    <section className="notice problems-banner" aria-labelledby={titleId} data-testid="problems-banner">
      <p id={titleId}>
        <strong>
          {fill(plural(locale, problems.length, dict.problems.banner), { count: problems.length })}
        </strong>
      </p>
      <ul data-testid="problems-list">
        {problems.map((p, i) => (
          <li key={i}>
            <code>{p.key}</code>: {problemText(dict, p)}
          </li>
        ))}
      </ul>
      <button type="button" onClick={dismiss} data-testid="problems-dismiss">
        {dict.problems.dismiss}
      </button>
    </section>
  );
}
