import { TableGrid } from './table-grid'
import { TablePager } from './table-pager'
import { TableToolbar, useSortedTable } from './table-parts'
import type { Column, ServerPaging, TableProps } from './table-view'

// Only the columns the server can sort by.
function keyOf<T>(column: Column<T>) {
  return column.sortKey
}

/**
 * A table the server searches, sorts and pages (use-admin-list.ts): it shows one page of rows in
 * the server's order and asks `paging` for the next.
 */
export function ServerTable<T>({
  paging,
  search,
  ...props
}: TableProps<T> & { paging: ServerPaging; search?: { label: string; noMatch: string } }) {
  const table = useSortedTable({
    rows: props.rows,
    columns: props.columns,
    view: paging,
    keyOf,
    sortedByServer: true,
  })
  // The server's answer tells a miss (use-admin-list.ts).
  const message =
    props.rows.length > 0 ? null : paging.query.trim() ? search?.noMatch : props.emptyText

  return (
    <div className="admin-table-block">
      <TableToolbar
        label={search?.label}
        query={paging.query}
        onQuery={(next) => {
          props.onSearch?.()
          paging.onQuery(next)
        }}
      >
        {props.toolbar}
      </TableToolbar>
      <TableGrid
        caption={props.caption}
        buttons={props}
        table={table}
        message={message}
        rowCount={paging.total}
        offset={paging.offset}
        busy={paging.busy}
      />
      {paging.pages > 1 && <TablePager caption={props.caption} paging={paging} />}
    </div>
  )
}
