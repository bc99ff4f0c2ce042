import {
  type ColumnDef,
  getCoreRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table'
import { type ReactNode, useId, useMemo } from 'react'
import { TableCell } from './table-grid'
import type { Column, TableView } from './table-view'

// What the back office's two tables share (list-table.tsx, searched and sorted in the browser;
// server-table.tsx, a page at a time from the server): docs/product.md §2's generic admin table.

/**
 * The table library's model of `rows`, sorted as `view` says: a header's click asks the view to
 * sort by that column's key (`keyOf`; a column without one does not sort). Rows the server sorted
 * are shown in its order; others are sorted here.
 */
export function useSortedTable<T>({
  rows,
  columns,
  view,
  keyOf,
  sortedByServer,
}: {
  rows: T[]
  columns: Column<T>[]
  view: TableView
  keyOf: (column: Column<T>) => string | undefined
  sortedByServer: boolean
}) {
  const columnDefs = useMemo<ColumnDef<T, unknown>[]>(
    () =>
      columns.map((column, index) => ({
        id: column.header,
        header: column.header,
        accessorFn: column.value,
        sortingFn: 'alphanumeric',
        enableSorting: keyOf(column) !== undefined,
        // Every column ascending first, numbers too, as the header's first click reads.
        sortDescFirst: false,
        cell: (info) =>
          column.render ? (
            column.render(info.row.original)
          ) : (
            <TableCell value={info.getValue()} column={column} index={index} />
          ),
      })),
    [columns, keyOf],
  )
  const sortedBy = view.sort && columns.find((column) => keyOf(column) === view.sort?.key)?.header
  const desc = view.sort?.desc ?? false
  // One array while the sort stays: a new one would sort the rows again at every render.
  const sorting = useMemo<SortingState>(
    () => (sortedBy ? [{ id: sortedBy, desc }] : []),
    [sortedBy, desc],
  )

  return useReactTable({
    data: rows,
    columns: columnDefs,
    state: { sorting },
    manualSorting: sortedByServer,
    // The table library's own paging is not used; left on, each new set of rows "resets" it,
    // a state change that draws the table again: a loop whenever rows or sort are new at each draw.
    autoResetPageIndex: false,
    onSortingChange: (change) => {
      const next = typeof change === 'function' ? change(sorting) : change
      const column = columns.find((c) => c.header === next[0]?.id)
      const key = column && keyOf(column)
      view.onSort(key ? { key, desc: next[0]?.desc ?? false } : undefined)
    },
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  })
}

/** The search box (when the table has one) and the tab's own controls, above the table. */
export function TableToolbar({
  label,
  query,
  onQuery,
  children,
}: {
  label?: string
  query: string
  onQuery: (next: string) => void
  children?: ReactNode
}) {
  const searchId = useId()
  if (label === undefined && !children) return null
  return (
    <div className="admin-toolbar">
      {label !== undefined && (
        <div className="admin-search">
          <label htmlFor={searchId}>{label}</label>
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => onQuery(event.target.value)}
          />
        </div>
      )}
      {children}
    </div>
  )
}
