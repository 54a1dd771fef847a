import type { ReactNode } from 'react';

/**
 * A console table that scrolls sideways inside its own box on a narrow screen (a focusable region, so
 * the keyboard scrolls it too), named by its section's heading, with a `<th scope="col">` a column.
 * A `stacked` table instead shows each row as a block of its cells in phone-width windows (560 px and
 * less), each cell headed by its `data-label` if it has one, so no column (its actions above all) hides off screen.
 *
 * @param labelledBy - the id of the heading that names it
 * @param head - the column headings
 * @param stacked - rows as blocks on a phone; give each `<td>` that needs a heading a `data-label`
 * @param children - the body's rows
 */
export function ScrollTable({ labelledBy, head, stacked = false, children }: { labelledBy: string; head: string[]; stacked?: boolean; children: ReactNode }) {
  return (
    <div className="console-table-scroll" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className={stacked ? 'console-table console-table--stacked' : 'console-table'}>
        <thead>
          <tr>
            {head.map((label) => (
              <th scope="col" key={label}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
