import type { ReactNode } from 'react';

/**
 * A console table that scrolls sideways inside its own box on a narrow screen (a focusable region, so
 * the keyboard scrolls it too), named by its section's heading, with a `<th scope="col">` a column.
 *
 * @param labelledBy - the id of the heading that names it
 * @param head - the column headings
 * @param children - the body's rows
 */
export function ScrollTable({ labelledBy, head, children }: { labelledBy: string; head: string[]; children: ReactNode }) {
  return (
    <div className="console-table-scroll" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className="console-table">
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
