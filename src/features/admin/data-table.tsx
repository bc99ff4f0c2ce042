import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table'
import { type ReactNode, useId, useMemo, useRef, useState } from 'react'
import { formatPrice } from '../../../contract/money'
import { notify } from '../../lib/toast'
import { cellText, isImageUrl, matchesQuery } from './table-cells'
import { TablePager } from './table-pager'
import { useRowWindow } from './use-row-window'

export interface Column<T> {
  header: string
  value: (row: T) => string | number | boolean | null
  money?: boolean
  /** Shown instead of the value (which still sorts the column), e.g. a state's badge. */
  render?: (row: T) => ReactNode
  /** A table paged on the server sorts by this key of its query; without one, not at all. */
  sortKey?: string
}

/** A table whose search, sort and pages the server does (use-admin-list.ts). */
export interface ServerPaging {
  query: string
  onQuery: (next: string) => void
  sort?: { key: string; desc: boolean }
  onSort: (sort: { key: string; desc: boolean } | undefined) => void
  page: number
  pages: number
  /** Rows matching the search and filters, over every page: at least that many when capped. */
  total: number
  totalCapped?: boolean
  hasNext: boolean
  /** Rows on the pages before this one: the Id column counts on from it. */
  offset: number
  onPage: (page: number) => void
  busy?: boolean
}

export interface TableSearch<T> {
  label: string
  /** What a table searched in the browser matches; a server-paged one leaves it to the server. */
  text?: (row: T) => string | string[]
  noMatch: string
  onSearch?: () => void
}

interface DataTableProps<T> {
  caption: string
  rows: T[]
  columns: Column<T>[]
  emptyText: string
  search?: TableSearch<T>
  toolbar?: ReactNode
  rowName?: (row: T) => string
  onEdit?: (row: T) => void
  onDelete?: (row: T) => void
  actions?: (row: T) => ReactNode
  server?: ServerPaging
}

// docs/product.md §2, the generic admin table: an 'Id' row counter, Delete and Edit per row, images in the
// second column, money with $, sortable headers, 500 px high with its own scroll.
export function DataTable<T>(props: DataTableProps<T>) {
  const { rows, columns, search, emptyText, rowName, onEdit, onDelete, actions, server } = props
  const [localQuery, setQuery] = useState('')
  const [localSorting, setSorting] = useState<SortingState>([])
  const searchId = useId()
  const query = server ? server.query : localQuery
  const sortedBy = server?.sort && columns.find((c) => c.sortKey === server.sort?.key)
  const sorting: SortingState = server
    ? sortedBy
      ? [{ id: sortedBy.header, desc: server.sort?.desc ?? false }]
      : []
    : localSorting

  const visible = useMemo(
    () =>
      search?.text && !server
        ? rows.filter((row) => matchesQuery(search.text?.(row) ?? '', query))
        : rows,
    [rows, search, query, server],
  )

  const columnDefs = useMemo<ColumnDef<T, unknown>[]>(
    () =>
      columns.map((column, index) => ({
        id: column.header,
        header: column.header,
        accessorFn: column.value,
        sortingFn: 'alphanumeric',
        enableSorting: !server || Boolean(column.sortKey),
        // Every column ascending first, numbers too, as the header's first click reads.
        sortDescFirst: false,
        cell: (info) =>
          column.render ? (
            column.render(info.row.original)
          ) : (
            <Cell value={info.getValue()} column={column} index={index} />
          ),
      })),
    [columns, server],
  )

  const table = useReactTable({
    data: visible,
    columns: columnDefs,
    state: { sorting },
    manualSorting: Boolean(server),
    onSortingChange: (change) => {
      const next = typeof change === 'function' ? change(sorting) : change
      if (!server) return setSorting(next)
      const column = columns.find((c) => c.header === next[0]?.id)
      server.onSort(
        column?.sortKey ? { key: column.sortKey, desc: next[0]?.desc ?? false } : undefined,
      )
    },
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  })

  const scroller = useRef<HTMLDivElement>(null)
  const sortedRows = table.getRowModel().rows
  const rowWindow = useRowWindow(sortedRows.length, scroller)
  const hasActions = Boolean(onEdit || onDelete || actions)
  const columnCount = columns.length + (hasActions ? 2 : 1)
  const message = server
    ? rows.length > 0
      ? null
      : query.trim()
        ? search?.noMatch
        : emptyText
    : rows.length === 0
      ? emptyText
      : visible.length === 0
        ? search?.noMatch
        : null
  const offset = server?.offset ?? 0

  function changeQuery(next: string) {
    search?.onSearch?.()
    // The server's answer tells a miss (use-admin-list.ts).
    if (server) return server.onQuery(next)
    setQuery(next)
    // Once per miss, not once per keystroke: only when the previous query still matched.
    if (search && visible.length > 0 && next.trim()) {
      if (!rows.some((row) => matchesQuery(search.text?.(row) ?? '', next)))
        notify.error(search.noMatch)
    }
  }

  return (
    <div className="admin-table-block">
      {(search || props.toolbar) && (
        <div className="admin-toolbar">
          {search && (
            <div className="admin-search">
              <label htmlFor={searchId}>{search.label}</label>
              <input
                id={searchId}
                type="search"
                value={query}
                onChange={(event) => changeQuery(event.target.value)}
              />
            </div>
          )}
          {props.toolbar}
        </div>
      )}
      <section
        className="admin-table-scroll"
        ref={scroller}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must be reachable by keyboard
        tabIndex={0}
        aria-label={props.caption}
      >
        <table
          className="admin-table"
          aria-rowcount={(server?.total ?? sortedRows.length) + 1}
          aria-busy={server?.busy || undefined}
        >
          <caption className="visually-hidden">{props.caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                <th scope="col">Id</th>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted()
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={
                        sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'
                      }
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="sort-button"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          <span aria-hidden="true" className="sort-mark">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  )
                })}
                {hasActions && (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                )}
              </tr>
            ))}
          </thead>
          <tbody>
            {message ? (
              <tr>
                <td colSpan={columnCount} className="admin-table-message">
                  {message}
                </td>
              </tr>
            ) : (
              <>
                {rowWindow.above > 0 && <Spacer height={rowWindow.above} columns={columnCount} />}
                {rowWindow.indexes.map((position) => {
                  const row = sortedRows[position]
                  if (!row) return null
                  const name = rowName?.(row.original) ?? `row ${position + 1}`
                  return (
                    <tr
                      key={row.id}
                      ref={rowWindow.measure}
                      data-index={position}
                      aria-rowindex={offset + position + 2}
                    >
                      <td data-label="Id">{offset + position + 1}</td>
                      {row.getVisibleCells().map((cell) => (
                        <td key={cell.id} data-label={cell.column.id}>
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </td>
                      ))}
                      {hasActions && (
                        <td className="admin-actions-cell">
                          <div className="admin-row-actions">
                            {onDelete && (
                              <button
                                type="button"
                                className="icon-button admin-icon-danger"
                                aria-label={`Delete ${name}`}
                                title="Delete"
                                onClick={() => onDelete(row.original)}
                              >
                                <TrashIcon />
                              </button>
                            )}
                            {onEdit && (
                              <button
                                type="button"
                                className="icon-button"
                                aria-label={`Edit ${name}`}
                                title="Edit"
                                onClick={() => onEdit(row.original)}
                              >
                                <PencilIcon />
                              </button>
                            )}
                            {actions?.(row.original)}
                          </div>
                        </td>
                      )}
                    </tr>
                  )
                })}
                {rowWindow.below > 0 && <Spacer height={rowWindow.below} columns={columnCount} />}
              </>
            )}
          </tbody>
        </table>
      </section>
      {server && server.pages > 1 && <TablePager caption={props.caption} paging={server} />}
    </div>
  )
}

/** The height of the rows not drawn, so the scroll bar tells the table's true length. */
function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    <tr style={{ height }}>
      <td colSpan={columns} className="admin-table-spacer" aria-hidden="true" />
    </tr>
  )
}

function Cell<T>({ value, column, index }: { value: unknown; column: Column<T>; index: number }) {
  if (index === 1 && isImageUrl(value)) {
    return <img src={value} alt="" className="admin-thumb" loading="lazy" />
  }
  if ((column.money || column.header === 'saldo_caja') && typeof value === 'number') {
    return <>{formatPrice(value)}</>
  }
  return <>{cellText(value)}</>
}

function TrashIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M9 3h6l1 2h4v2H4V5h4l1-2Zm-3 6h12l-1 12H7L6 9Zm4 2v8h2v-8h-2Zm4 0v8h2v-8h-2Z"
      />
    </svg>
  )
}

function PencilIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="m14.06 4.94 5 5L8 21H3v-5L14.06 4.94Zm1.41-1.41 1.42-1.42a2 2 0 0 1 2.83 0l2.17 2.17a2 2 0 0 1 0 2.83l-1.42 1.42-5-5Z"
      />
    </svg>
  )
}
