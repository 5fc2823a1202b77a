/** One figure of a `<dl>`: its name and its value (`testId` on the value). */
import type { ReactNode } from 'react';

export function Figure({ label, value, testId }: { label: ReactNode; value: ReactNode; testId?: string }) {
  return (
    <div className="figure">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
