import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { nextSort, type SortState } from '../../lib/use-list-params.ts';

export interface DataColumn<T> {
  /** Unique among the columns; the field the list is sorted by when `sortable`. */
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The header becomes a link that orders the list by `key` (see `sortHref`). */
  sortable?: boolean;
  /** This column's cells name their row (`<th scope="row">`), e.g. the title. */
  rowHeader?: boolean;
  /** Figures: right-aligned, tabular digits. */
  numeric?: boolean;
  /** Extra classes for the header and the cells (e.g. a width). */
  className?: string;
}

export interface DataTableProps<T> {
  /** Says what the table lists; required (WCAG 1.3.1). */
  caption: ReactNode;
  /** Keep the caption for screen readers only (when a heading right above says the same). */
  captionHidden?: boolean;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** The order in effect; its column's header carries `aria-sort`. */
  sort?: SortState | null;
  /** The address that shows the list in the given order (`list.hrefFor({ sort })`). */
  sortHref?: (sort: SortState) => string;
  /** Shown instead of the table when there are no rows: what is missing and how to add one. */
  empty?: ReactNode;
  /** The buttons or links of one row (edit, delete), in a last column. */
  actions?: (row: T) => ReactNode;
  /** The header of the actions column; "Aksi" unless set. */
  actionsHeader?: string;
  /** While a new page or order loads: the old rows stay, marked busy. */
  busy?: boolean;
}

const ariaSort = (sort: SortState | null | undefined, key: string) =>
  sort?.field === key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;

/**
 * One table for every admin list, from column definitions: a caption, sortable headers that
 * change the address (`aria-sort` on the sorted one), an empty state, a row actions column.
 * On a narrow screen (375 px) the table scrolls sideways inside a labelled region that can
 * take focus, so the keyboard can scroll it too; the page itself never scrolls sideways.
 */
export function DataTable<T>({
  caption,
  captionHidden = false,
  columns,
  rows,
  rowKey,
  sort,
  sortHref,
  empty,
  actions,
  actionsHeader = 'Aksi',
  busy = false,
}: DataTableProps<T>) {
  const captionId = useId();
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;

  const cellClasses = (column: DataColumn<T>) =>
    ['px-3 py-3 align-top', column.numeric ? 'text-right tabular-nums' : '', column.className ?? '']
      .filter(Boolean)
      .join(' ');

  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="relative max-w-full overflow-x-auto rounded-lg border border-slate-200 bg-white"
    >
      <table className="w-full border-collapse text-left" aria-busy={busy || undefined}>
        <caption
          id={captionId}
          className={
            captionHidden ? 'sr-only' : 'px-3 pt-3 text-left text-lg font-semibold text-slate-900'
          }
        >
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-slate-300">
            {columns.map((column) => {
              const state = ariaSort(sort, column.key);
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={column.sortable ? (state ?? 'none') : undefined}
                  className={`${cellClasses(column)} font-semibold whitespace-nowrap text-slate-900`}
                >
                  {column.sortable && sortHref ? (
                    <Link
                      to={sortHref(nextSort(sort ?? null, column.key))}
                      className="inline-flex min-h-11 items-center gap-1 text-brand-800 underline underline-offset-2 hover:text-brand-900"
                    >
                      {column.header}
                      <span aria-hidden="true" className="text-sm">
                        {state === 'ascending' ? '▲' : state === 'descending' ? '▼' : '⇅'}
                      </span>
                    </Link>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
            {actions && (
              <th scope="col" className="px-3 py-3 font-semibold text-slate-900">
                {actionsHeader}
              </th>
            )}
          </tr>
        </thead>
        <tbody className={busy ? 'opacity-60' : undefined}>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b border-slate-200">
              {columns.map((column) =>
                column.rowHeader ? (
                  <th
                    key={column.key}
                    scope="row"
                    className={`${cellClasses(column)} font-semibold text-slate-900`}
                  >
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} className={`${cellClasses(column)} text-slate-800`}>
                    {column.cell(row)}
                  </td>
                ),
              )}
              {actions && (
                <td className="px-3 py-3 align-top whitespace-nowrap">
                  <div className="flex flex-wrap gap-2">{actions(row)}</div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
