import { flexRender, type Table } from '@tanstack/react-table'
import { useRef } from 'react'
import { formatPrice } from '../../../contract/money'
import { cellText, isImageUrl } from './table-cells'
import type { Column, TableProps } from './table-view'
import { useRowWindow } from './use-row-window'

type RowButtons<T> = Pick<TableProps<T>, 'rowName' | 'onEdit' | 'onDelete' | 'actions'>

// The table itself, for both of the back office's tables: an 'Id' row counter, sortable headers,
// Delete and Edit per row, 500 px high with its own scroll, drawing only the rows in view.
export function TableGrid<T>({
  caption,
  table,
  message,
  rowCount,
  offset = 0,
  busy,
  buttons,
}: {
  caption: string
  buttons: RowButtons<T>
  table: Table<T>
  /** Shown instead of the rows: nothing yet, or nothing matches. */
  message: string | null | undefined
  /** Rows of the whole table, over every page. */
  rowCount: number
  /** Rows on the pages before this one: the Id column counts on from it. */
  offset?: number
  busy?: boolean
}) {
  const scroller = useRef<HTMLDivElement>(null)
  const rows = table.getRowModel().rows
  const rowWindow = useRowWindow(rows.length, scroller)
  const hasActions = Boolean(buttons.onEdit || buttons.onDelete || buttons.actions)
  const columnCount = table.getAllLeafColumns().length + (hasActions ? 2 : 1)

  return (
    <section
      className="admin-table-scroll"
      ref={scroller}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must be reachable by keyboard
      tabIndex={0}
      aria-label={caption}
    >
      <table className="admin-table" aria-rowcount={rowCount + 1} aria-busy={busy || undefined}>
        <caption className="visually-hidden">{caption}</caption>
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
                const row = rows[position]
                if (!row) return null
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
                      <RowActions
                        row={row.original}
                        name={buttons.rowName?.(row.original) ?? `row ${position + 1}`}
                        buttons={buttons}
                      />
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
  )
}

function RowActions<T>({ row, name, buttons }: { row: T; name: string; buttons: RowButtons<T> }) {
  const { onEdit, onDelete, actions } = buttons
  return (
    <td className="admin-actions-cell">
      <div className="admin-row-actions">
        {onDelete && (
          <button
            type="button"
            className="icon-button admin-icon-danger"
            aria-label={`Delete ${name}`}
            title="Delete"
            onClick={() => onDelete(row)}
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
            onClick={() => onEdit(row)}
          >
            <PencilIcon />
          </button>
        )}
        {actions?.(row)}
      </div>
    </td>
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

/** A value as docs/product.md §2 shows it: the second column's image, money with $. */
export function TableCell<T>({
  value,
  column,
  index,
}: {
  value: unknown
  column: Column<T>
  index: number
}) {
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
