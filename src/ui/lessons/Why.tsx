/** "Why?": the lesson's explanation as short bullets, folded away until asked for. */
import { useText } from '../i18n/useText';

export function Why({ bullets }: { bullets: readonly string[] }) {
  const t = useText();
  return (
    <details className="lesson-why" data-testid="lesson-why">
      <summary>{t.lessons.view.why}</summary>
      <ul>
        {bullets.map((b) => (
          <li key={b}>{b}</li>
        ))}
      </ul>
    </details>
  );
}
