/** A table's header row: one `<th scope="col">` per heading, in order. */
import type { ReactNode } from 'react';

export function ColumnHeads({ heads }: { heads: readonly ReactNode[] }) {
  return (
    <thead>
      <tr>
        {heads.map((head, i) => (
          <th key={i} scope="col">
            {head}
          </th>
        ))}
      </tr>
    </thead>
  );
}
