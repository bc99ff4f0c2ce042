import { useMemo } from 'react'
import { notify } from '../../lib/toast'
import { matchesQuery } from './table-cells'
import { TableGrid } from './table-grid'
import { TableToolbar, useSortedTable } from './table-parts'
import type { Column, TableProps, TableView } from './table-view'

/** What the search box matches in a row, and what it says when nothing does. */
export interface ListSearch<T> {
  label: string
  text: (row: T) => string | string[]
  noMatch: string
}

// Every column sorts; one without a key of its own is named by its header.
function keyOf<T>(column: Column<T>) {
  return column.sortKey ?? column.header
}

/** A table of a whole list the browser holds (categories, admins, a sale's lines): searched and sorted here. */
export function ListTable<T>({
  view,
  search,
  ...props
}: TableProps<T> & { view: TableView; search?: ListSearch<T> }) {
  const { rows } = props
  const visible = useMemo(
    () => (search ? rows.filter((row) => matchesQuery(search.text(row), view.query)) : rows),
    [rows, search, view.query],
  )
  const table = useSortedTable({
    rows: visible,
    columns: props.columns,
    view,
    keyOf,
    sortedByServer: false,
  })
  const message =
    rows.length === 0 ? props.emptyText : visible.length === 0 ? search?.noMatch : null

  function changeQuery(next: string) {
    props.onSearch?.()
    view.onQuery(next)
    // Once per miss, not once per keystroke: only when the previous query still matched.
    if (search && visible.length > 0 && next.trim()) {
      if (!rows.some((row) => matchesQuery(search.text(row), next))) notify.error(search.noMatch)
    }
  }

  return (
    <div className="admin-table-block">
      <TableToolbar label={search?.label} query={view.query} onQuery={changeQuery}>
        {props.toolbar}
      </TableToolbar>
      <TableGrid
        caption={props.caption}
        buttons={props}
        table={table}
        message={message}
        rowCount={table.getRowModel().rows.length}
      />
    </div>
  )
}
