/**
 * What the link got wrong: the problems the URL decoder reported (store `configProblems`), listed until
 * the user dismisses them. Keys and messages come from a URL anyone can edit, so they are rendered as
 * React text children only — never as HTML.
 */
import { useId } from 'react';
import { useAppStore } from '../state/store';

export function ProblemsBanner() {
  const problems = useAppStore((s) => s.configProblems);
  const dismiss = useAppStore((s) => s.dismissProblems);
  const titleId = useId();
  if (problems.length === 0) return null;
  return (
    <section className="notice problems-banner" aria-labelledby={titleId} data-testid="problems-banner">
      <p id={titleId}>
        <strong>
          This link had {problems.length === 1 ? 'a problem' : `${problems.length} problems`}; BatchLab
          ignored or corrected {problems.length === 1 ? 'it' : 'them'}:
        </strong>
      </p>
      <ul data-testid="problems-list">
        {problems.map((p, i) => (
          <li key={i}>
            <code>{p.key}</code>: {p.message}
          </li>
        ))}
      </ul>
      <button type="button" onClick={dismiss} data-testid="problems-dismiss">
        Dismiss
      </button>
    </section>
  );
}
