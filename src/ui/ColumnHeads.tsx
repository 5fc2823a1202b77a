/** A table's header row: one `<th scope="col">` per heading, in order, with `titles[i]` as the i-th's title. */
import type { ReactNode } from 'react';

export function ColumnHeads({
  heads,
  titles = {},
}: {
  heads: readonly ReactNode[];
  titles?: Readonly<Record<number, string>>;
}) {
  return (
    <thead>
      <tr>
        {heads.map((head, i) => (
          <th key={i} scope="col" title={titles[i]}>
            {head}
          </th>
        ))}
      </tr>
    </thead>
  );
}
