/** "Why?": the lesson's explanation as short bullets, folded away until asked for. */
export function Why({ bullets }: { bullets: readonly string[] }) {
  return (
    <details className="lesson-why" data-testid="lesson-why">
      <summary>Why?</summary>
      <ul>
        {bullets.map((b) => (
          <li key={b}>{b}</li>
        ))}
      </ul>
    </details>
  );
}
